import { healthSchema } from '@cuspid/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps';
import type { Declaring } from '../lib/declarations';
import { authenticatePlugin } from './authenticate';

/** The routes every service's base adds (`declarations.ts` lists them with the areas'). */
export const SERVICE_BASE: Declaring = {
  name: 'service base',
  publicRoutes: {
    'GET /auth/health': { auth: 'none', why: 'service health probe' },
    'GET /api/health': { auth: 'none', why: 'service health probe' },
    'GET /mail/health': { auth: 'none', why: 'service health probe' },
    'GET /documents/health': { auth: 'none', why: 'service health probe' },
  },
};

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
