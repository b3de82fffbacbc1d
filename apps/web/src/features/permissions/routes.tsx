import { type AppRoute, lazyPage } from '../../lib/routes';
import { permissionPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: permissionPaths.permissions,
    page: lazyPage(() => import('./pages/permissions'), 'PermissionsPage'),
    permission: 'list-permissions',
  },
  {
    path: permissionPaths.permissionCreate,
    page: lazyPage(() => import('./pages/permission-edit'), 'PermissionCreatePage'),
    permission: 'create-permission',
  },
  {
    path: permissionPaths.permissionEditRoute,
    page: lazyPage(() => import('./pages/permission-edit'), 'PermissionEditPage'),
    permission: 'update-permission',
  },
];
