import { healthSchema } from '@cuspid/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps';
import { authenticatePlugin } from './authenticate';

/** What every service mounts first: the authentication hook and its own health route. */
export async function registerServiceBase(app: FastifyInstance, deps: Deps, service: string) {
  await app.register(authenticatePlugin, { deps });
  // Service answers are a user's data, files or credentials: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { config: { auth: 'none' }, schema: { tags: [service], hide: true, response: { 200: healthSchema } } },
      async () => ({ status: 'ok' as const, service }),
    );
}
