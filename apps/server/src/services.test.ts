import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApp, createTestUser, loginAs, type TestContext } from '../test/setup-app';
import { SPEC_SERVICES } from './config/env';
import { defineJob } from './jobs/define-job';
import { allJobs } from './jobs/registry';
import { defineModule } from './lib/define-module';
import { modules } from './modules';
import { requireActor } from './plugins/authenticate';
import { errorHandlerPlugin } from './plugins/error-handler';
import { servicePlugin } from './services';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const modulesDir = path.join(import.meta.dirname, 'modules');

describe('the module list', () => {
  it('holds every module folder once, under its folder name, for one of the four services', () => {
    const folders = fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(modules.map((m) => m.name).sort()).toEqual(folders);
    for (const folder of folders) expect(fs.existsSync(path.join(modulesDir, folder, 'index.ts'))).toBe(true);
    for (const module of modules) expect(SPEC_SERVICES).toContain(module.service);
  });

  it("registers every module's jobs, each name once", () => {
    const names = allJobs.map((job) => job.name);
    expect(names).toEqual(modules.flatMap((m) => (m.jobs ?? []).map((job) => job.name)));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('a new area', () => {
  // What a new module's index.ts holds: its service, its routes and its jobs, and nothing central.
  const greetJob = defineJob({ name: 'greetings.tidy', payload: z.object({}), handler: async () => {} });
  const greetings = defineModule({
    name: 'greetings',
    service: 'api',
    routes: async (base) => {
      const app = base.withTypeProvider<ZodTypeProvider>();
      app.get(
        '/greeting',
        { config: { permission: 'backoffice-company' }, schema: { response: { 200: z.object({ to: z.string() }) } } },
        async (request) => ({ to: requireActor(request).userId }),
      );
    },
    jobs: [greetJob],
  });

  async function serve(service: 'api' | 'mail') {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandlerPlugin);
    await app.register(servicePlugin(service, [greetings]), { prefix: `/${service}`, deps: ctx.deps });
    return app;
  }

  it("is mounted under its service's base path behind the authentication hook and its permission", async () => {
    const app = await serve('api');
    const staff = await createTestUser(ctx.deps, { roles: ['admin'], staff: true });
    const headers = bearer((await loginAs(ctx.app, staff.mail)).token);
    expect((await app.inject({ method: 'GET', url: '/api/greeting' })).statusCode).toBe(401);
    const answer = await app.inject({ method: 'GET', url: '/api/greeting', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ to: staff.id });
    const practice = await createTestUser(ctx.deps, { roles: [] });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/greeting',
      headers: bearer((await loginAs(ctx.app, practice.mail)).token),
    });
    expect(refused.statusCode).toBe(403);
    await app.close();
  });

  it('is not mounted by another service', async () => {
    const app = await serve('mail');
    expect((await app.inject({ method: 'GET', url: '/mail/greeting' })).statusCode).toBe(404);
    await app.close();
  });
});
