import { type AppRoute, lazyPage } from '../../lib/routes';
import { packagePaths } from './paths';

// A literal, not the contracts' constant: the route table is in the first bundle, the contracts' schemas are not.
const permission = 'backoffice-package';

export const routes: AppRoute[] = [
  { path: packagePaths.packages, page: lazyPage(() => import('./pages/packages'), 'PackagesPage'), permission },
  {
    path: packagePaths.packageCreate,
    page: lazyPage(() => import('./pages/package-form'), 'PackageCreatePage'),
    permission,
  },
  {
    path: packagePaths.packageEditRoute,
    page: lazyPage(() => import('./pages/package-form'), 'PackageEditPage'),
    permission,
  },
  {
    path: packagePaths.packageShowRoute,
    page: lazyPage(() => import('./pages/package-show'), 'PackageShowPage'),
    permission,
  },
  {
    path: packagePaths.countryCredits,
    page: lazyPage(() => import('./pages/country-credits'), 'CountryCreditsPage'),
    permission,
  },
  {
    path: packagePaths.creditSettings,
    page: lazyPage(() => import('./pages/credit-settings'), 'CreditSettingsPage'),
    permission,
  },
];
