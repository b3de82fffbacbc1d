import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from './deps';
import type { ServerModule, ServiceName } from './lib/define-module';
import { modules } from './modules';
import { registerServiceBase } from './plugins/service-base';

/**
 * One spec service (section 7) as a Fastify plugin: the authentication hook and health route, then
 * the routes of every module that declares this service, in the module list's order. Each service
 * can run in its own process (SERVICES=auth), so a module's routes never assume another service.
 */
export function servicePlugin(
  service: ServiceName,
  list: readonly ServerModule[] = modules,
): FastifyPluginAsync<{ deps: Deps }> {
  return async (app, { deps }) => {
    await registerServiceBase(app, deps, service);
    for (const module of list) {
      if (module.service !== service || !module.routes) continue;
      const before = app.routeTable?.length ?? 0;
      await app.register(module.routes, { deps });
      // The routes the module just declared carry its name (the guard tables and tests group by it).
      for (const entry of app.routeTable?.slice(before) ?? []) entry.module = module.name;
    }
  };
}

export const SERVICES = {
  auth: { plugin: servicePlugin('auth'), prefix: '/auth', title: 'Authentication service' },
  api: { plugin: servicePlugin('api'), prefix: '/api', title: 'Main backend' },
  mail: { plugin: servicePlugin('mail'), prefix: '/mail', title: 'Mail service' },
  documents: { plugin: servicePlugin('documents'), prefix: '/documents', title: 'Document service' },
} as const satisfies Record<ServiceName, unknown>;
