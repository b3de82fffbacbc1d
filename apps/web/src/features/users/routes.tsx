import { type AppRoute, lazyPage } from '../../lib/routes';
import { userPaths } from './paths';

// Spec section 2: users, roles and API keys with their permissions.
export const routes: AppRoute[] = [
  {
    path: userPaths.users,
    page: lazyPage(() => import('./pages/users'), 'UsersPage'),
    permission: 'list-users',
  },
  {
    path: userPaths.userCreate,
    page: lazyPage(() => import('./pages/user-edit'), 'UserCreatePage'),
    permission: 'create-user',
  },
  {
    path: userPaths.userEditRoute,
    page: lazyPage(() => import('./pages/user-edit'), 'UserEditPage'),
    permission: 'update-user',
  },
  {
    path: userPaths.userShowRoute,
    page: lazyPage(() => import('./pages/user-show'), 'UserShowPage'),
    permission: 'list-users',
  },
];
