import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/**
 * One route a service guards: what the authentication hook and the OpenAPI document know of it.
 * The authorization matrix and the input property tests are generated from this table, so a new
 * route is covered without anyone writing a case for it.
 */
export type RouteEntry = {
  method: string;
  /** The full path as registered (with the service prefix), e.g. `/api/companies/:id`. */
  url: string;
  auth: 'required' | 'optional' | 'none';
  permission: readonly string[];
  /** Opened to API keys without a permission (`config.apiKeys: 'open'`); otherwise keys need the permission. */
  apiKeysOpen: boolean;
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType };
  /** Left out of the OpenAPI document (health probes). */
  hidden: boolean;
  /** Answers a stream that stays open (`config.stream`, server-sent events). */
  stream: boolean;
  /** The module that declared the route (`modules/<area>`); none for a service's own health route. */
  module?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered inside a service, in registration order (see `routeTableOf`). */
    routeTable: RouteEntry[];
  }
}

/** Decorates the root instance once; every service's routes are then recorded into the same list. */
export function provideRouteTable(app: FastifyInstance) {
  if (!app.hasDecorator('routeTable')) app.decorate('routeTable', []);
}

/** Records a service route (called from the authentication hook's `onRoute`). */
export function recordRoute(app: FastifyInstance, route: RouteOptions) {
  if (!app.hasDecorator('routeTable')) return;
  const config = (route.config ?? {}) as {
    auth?: RouteEntry['auth'];
    permission?: string | readonly string[];
    apiKeys?: 'open';
    stream?: true;
  };
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  const schema = (route.schema ?? {}) as RouteEntry['schema'] & { hide?: boolean };
  for (const method of methods) {
    app.routeTable.push({
      method,
      url: route.url,
      auth: config.auth ?? 'required',
      permission:
        config.permission === undefined
          ? []
          : typeof config.permission === 'string'
            ? [config.permission]
            : config.permission,
      apiKeysOpen: config.apiKeys === 'open',
      schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
      hidden: schema.hide === true,
      stream: config.stream === true,
    });
  }
}

export const routeTableOf = (app: FastifyInstance): readonly RouteEntry[] => app.routeTable;
