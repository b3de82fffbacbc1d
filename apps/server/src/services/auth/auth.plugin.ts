import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps';
import { registerServiceBase } from '../../plugins/service-base';
import { authRoutes } from './auth.routes';
import { identityRoutes } from './identity.routes';

/** The authentication service (spec section 7), mounted at /auth. */
export const authService: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  await registerServiceBase(app, deps, 'auth');
  await app.register(authRoutes, { deps });
  await app.register(identityRoutes, { deps });
};
