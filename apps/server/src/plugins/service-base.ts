import { healthSchema } from '@cuspid/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps';
import { authenticatePlugin } from './authenticate';

/** What every service mounts first: the authentication hook and its own health route. */
export async function registerServiceBase(app: FastifyInstance, deps: Deps, service: string) {
  await app.register(authenticatePlugin, { deps });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { config: { auth: 'none' }, schema: { tags: [service], hide: true, response: { 200: healthSchema } } },
      async () => ({ status: 'ok' as const, service }),
    );
}
