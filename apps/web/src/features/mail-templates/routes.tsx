import { type AppRoute, lazyPage } from '../../lib/routes';
import { mailTemplatePaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: mailTemplatePaths.mailTemplates,
    page: lazyPage(() => import('./pages/mail-templates'), 'MailTemplatesPage'),
    permission: 'backoffice-mail-template',
  },
  {
    path: mailTemplatePaths.mailTemplateCreate,
    page: lazyPage(() => import('./pages/mail-template-edit'), 'MailTemplateEditPage'),
    permission: 'backoffice-mail-template',
  },
  {
    path: mailTemplatePaths.mailTemplateEditRoute,
    page: lazyPage(() => import('./pages/mail-template-edit'), 'MailTemplateEditPage'),
    permission: 'backoffice-mail-template',
  },
  {
    path: mailTemplatePaths.mailTemplateAssignment,
    page: lazyPage(() => import('./pages/mail-template-assignment'), 'MailTemplateAssignmentPage'),
    permission: 'backoffice-mail-template-assignment',
  },
];
