import { type AppRoute, lazyPage } from '../../lib/routes';
import { rolePaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: rolePaths.roles,
    page: lazyPage(() => import('./pages/roles'), 'RolesPage'),
    permission: 'list-roles',
  },
  {
    path: rolePaths.roleCreate,
    page: lazyPage(() => import('./pages/roles'), 'RoleCreatePage'),
    permission: 'create-role',
  },
  {
    path: rolePaths.roleEditRoute,
    page: lazyPage(() => import('./pages/roles'), 'RoleEditPage'),
    permission: 'update-role',
  },
];
