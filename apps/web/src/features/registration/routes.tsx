import { type AppRoute, lazyPage } from '../../lib/routes';
import { registrationPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: registrationPaths.registrationConfiguration,
    page: lazyPage(() => import('./pages/registration-configuration'), 'RegistrationConfigurationPage'),
    permission: 'backoffice-global-configuration',
  },
];
