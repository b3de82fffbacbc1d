import type { RouteOptions } from 'fastify';
import type { PublicRoute } from '../lib/declarations';

export const publicRouteKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Throws (at registration, so the app does not build) when a route's authentication mode and the list of
 * public routes disagree (ADR 0035): nobody opens a route by accident. The list is what the services' base and
 * the areas declare (`defineModule({ publicRoutes })`, gathered in `declarations.ts`, which the authorization
 * matrix test reads too, so a public route is exempt from its 401 expectations only because it is declared).
 * Called from the authentication hook's `onRoute`, for every service route.
 */
export function assertPublicRouteListed(route: RouteOptions, publicRoutes: Readonly<Record<string, PublicRoute>>) {
  const auth = (route.config as { auth?: string } | undefined)?.auth ?? 'required';
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  for (const method of methods) {
    const key = publicRouteKey(method, route.url);
    const listed = publicRoutes[key];
    if (auth !== 'required' && !listed) {
      throw new Error(
        `${key} is registered with auth '${auth}' but is not a declared public route (defineModule({ publicRoutes }))`,
      );
    }
    if (listed && listed.auth !== auth) {
      throw new Error(
        `${key} is declared as a public route with auth '${listed.auth}' but registered with auth '${auth}'`,
      );
    }
  }
}
