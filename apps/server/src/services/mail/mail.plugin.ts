import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps';
import { registerServiceBase } from '../../plugins/service-base';

/** The mail service (spec section 7), mounted at /mail; its calls arrive with later issues. */
export const mailService: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  await registerServiceBase(app, deps, 'mail');
};
