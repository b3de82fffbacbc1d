import { type AppRoute, lazyPage } from '../../lib/routes';
import { unitPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: unitPaths.unit,
    page: lazyPage(() => import('./pages/unit'), 'UnitPage'),
    permission: 'backoffice-unit',
  },
];
