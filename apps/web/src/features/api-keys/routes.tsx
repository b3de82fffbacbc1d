import { type AppRoute, lazyPage } from '../../lib/routes';
import { apiKeyPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: apiKeyPaths.apiKeys,
    page: lazyPage(() => import('./pages/api-keys'), 'ApiKeysPage'),
    permission: 'list-api-tokens',
  },
  {
    path: apiKeyPaths.apiKeyCreate,
    page: lazyPage(() => import('./pages/api-keys'), 'ApiKeyCreatePage'),
    permission: 'create-api-token',
  },
  {
    path: apiKeyPaths.apiKeyEditRoute,
    page: lazyPage(() => import('./pages/api-keys'), 'ApiKeyEditPage'),
    permission: 'update-api-token',
  },
];
