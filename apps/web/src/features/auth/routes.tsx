import { appPaths } from '../../config/paths';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { authPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: appPaths.login,
    page: lazyPage(() => import('./pages/login'), 'LoginPage'),
    public: true,
    guestOnly: true,
    layout: 'full',
  },
  {
    path: authPaths.register,
    page: lazyPage(() => import('./pages/register'), 'RegisterPage'),
    public: true,
    guestOnly: true,
    layout: 'full',
  },
];
