import { type AppRoute, lazyPage } from '../../lib/routes';
import { creditPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: creditPaths.credits,
    page: lazyPage(() => import('./pages/credits'), 'CreditsPage'),
    permission: 'backoffice-credit',
  },
];
