import { type AppRoute, lazyPage } from '../../lib/routes';
import { flagPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: flagPaths.flags,
    page: lazyPage(() => import('./pages/flags'), 'FlagsPage'),
    permission: 'backoffice-flag',
  },
];
