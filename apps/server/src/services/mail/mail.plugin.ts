import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps';
import { registerServiceBase } from '../../plugins/service-base';
import { mailRoutes } from './mail.routes';

/** The mail service (spec section 7), mounted at /mail: templates, sending and the outbox. */
export const mailService: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  await registerServiceBase(app, deps, 'mail');
  await app.register(mailRoutes, { deps });
};
