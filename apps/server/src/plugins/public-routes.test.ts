import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { DECLARED } from '../declarations';
import type { Deps } from '../deps';
import { authenticatePlugin } from './authenticate';
import { publicRouteKey } from './public-routes';
import { routeTableOf } from './route-table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A service with one route, as the services mount it: the authentication hook first. */
async function buildService(url: string, auth: 'required' | 'optional' | 'none') {
  const app = Fastify();
  await app.register(
    async (service) => {
      await service.register(authenticatePlugin, { deps: { declared: DECLARED } as Deps });
      service.post(url, { config: { auth } }, async () => ({ ok: true }));
    },
    { prefix: '/auth' },
  );
  try {
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('public routes', () => {
  it('are exactly the listed ones in the whole app, each with its listed mode', () => {
    const open = routeTableOf(ctx.app)
      .filter((r) => r.auth !== 'required')
      .map((r) => `${publicRouteKey(r.method, r.url)} ${r.auth}`);
    const listed = Object.entries(DECLARED.publicRoutes).map(([key, { auth }]) => `${key} ${auth}`);
    expect(open.sort()).toEqual(listed.sort());
  });

  it('keep the service health routes answering without a session', async () => {
    for (const service of ['auth', 'api', 'mail', 'documents']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/${service}/health` });
      expect(response.statusCode).toBe(200);
    }
  });

  it('stop the app from building when a route is opened without being listed', async () => {
    await expect(buildService('/sneaky', 'none')).rejects.toThrow(/POST \/auth\/sneaky .* not a declared public route/);
    await expect(buildService('/sneaky', 'optional')).rejects.toThrow(/not a declared public route/);
    await expect(buildService('/sneaky', 'required')).resolves.toBeUndefined();
  });

  it('stop the app from building when a listed route is registered with another mode', async () => {
    await expect(buildService('/login', 'required')).rejects.toThrow(/POST \/auth\/login is declared .* 'none'/);
    await expect(buildService('/create-user', 'none')).rejects.toThrow(
      /declared as a public route with auth 'optional'/,
    );
    await expect(buildService('/login', 'none')).resolves.toBeUndefined();
  });
});
