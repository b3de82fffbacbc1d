import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps';
import { registerServiceBase } from '../../plugins/service-base';

/** The main backend (spec section 7), mounted at /api; its calls arrive with later issues. */
export const apiService: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  await registerServiceBase(app, deps, 'api');
};
