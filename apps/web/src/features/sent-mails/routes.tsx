import { type AppRoute, lazyPage } from '../../lib/routes';
import { sentMailPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: sentMailPaths.sentMails,
    page: lazyPage(() => import('./pages/sent-mails'), 'SentMailsPage'),
    permission: 'backoffice-mail-template',
  },
];
