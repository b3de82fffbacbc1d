import type { PermissionTitle } from '@cuspid/contracts';
import { appPaths } from '../../config/paths';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { contentPaths } from './paths';

// GLOBAL_CONFIGURATION_PERMISSION of @cuspid/contracts/content, written out: importing that module would put its
// schemas (zod) into the login page's bundle, which loads the route table.
const GLOBAL_CONFIGURATION_PERMISSION = 'backoffice-global-configuration' satisfies PermissionTitle;

export const routes: AppRoute[] = [
  {
    path: appPaths.notFound,
    page: lazyPage(() => import('./pages/not-found'), 'NotFoundPage'),
    public: true,
    layout: 'full',
  },
  {
    path: appPaths.home,
    page: lazyPage(() => import('./pages/home'), 'HomePage'),
  },
  {
    path: contentPaths.faq,
    page: lazyPage(() => import('./pages/faq'), 'FaqPage'),
  },
  {
    path: contentPaths.dataPrivacy,
    page: lazyPage(() => import('./pages/data-privacy'), 'DataPrivacyPage'),
  },
  {
    path: contentPaths.globalConfiguration,
    page: lazyPage(() => import('./pages/global-configuration'), 'GlobalConfigurationPage'),
    permission: GLOBAL_CONFIGURATION_PERMISSION,
  },
];
