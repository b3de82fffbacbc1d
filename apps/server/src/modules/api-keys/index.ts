import { API_KEY_PERMISSION_CATALOGUE } from '@cuspid/contracts';
import { defineModule } from '../../lib/define-module';
import { apiKeysRoutes } from './api-keys.routes';

export { revokeUserApiKeys } from './api-keys.repository';

/** API keys of machine clients (ADR 0032): their administration and the client-credentials token endpoint. */
export const apiKeysModule = defineModule({
  name: 'api-keys',
  service: 'auth',
  routes: apiKeysRoutes,
  permissions: API_KEY_PERMISSION_CATALOGUE,
  publicRoutes: {
    'POST /auth/token': { auth: 'none', why: "OAuth client credentials; the key's secret is the proof" },
  },
  auditKinds: ['api-key'],
});
