import { type AppRoute, lazyPage } from '../../lib/routes';
import { accountPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: accountPaths.accountSetting,
    page: lazyPage(() => import('./pages/account-setting'), 'AccountSettingPage'),
  },
];
