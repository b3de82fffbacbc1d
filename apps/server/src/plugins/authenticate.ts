import { can, type PermissionTitle } from '@cuspid/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps';
import type { Actor, UserActor } from '../lib/actor';
import { loadActor } from '../lib/actor.repository';
import { type ActorCache, actorCacheOf } from '../lib/actor-cache';
import { AppError } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';
import { assertPublicRouteListed } from './public-routes';
import { recordRoute } from './route-table';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'required' (the default inside a service), 'optional' (no token: anonymous; a token is then checked
     * exactly as on a required route, permission and API-key rules included) or 'none' (no token is read).
     * A route that is 'optional' or 'none' must be in the one list of public routes (public-routes.ts).
     */
    auth?: 'required' | 'optional' | 'none';
    /**
     * The permission a route needs (spec section 6: held, or role admin); a list means any one of
     * them (e.g. reading flag definitions: whoever manages them or assigns them).
     */
    permission?: PermissionTitle | readonly PermissionTitle[];
    /**
     * Open to a user whose role requires two-factor sign-in before they have set it up (ADR 0033):
     * only the profile and the setup calls. Every other call answers 403 TWO_FACTOR_SETUP_REQUIRED.
     */
    allowBeforeTwoFactorSetup?: boolean;
    /**
     * API keys are denied by default (ADR 0035): a key may call a route only when the route names a
     * `permission` and the key holds it in its scopes. `'open'` opens a route that names no permission
     * to keys explicitly (the handler then decides); no route needs it today.
     */
    apiKeys?: 'open';
    /**
     * The answer is a stream that stays open (server-sent events): generated-input tests, which wait for
     * an answer to end, leave it to its own tests.
     */
    stream?: true;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/** Calls about a person's own account (profile, password, sessions): not for API keys. */
export function requireUserActor(request: FastifyRequest): UserActor {
  const actor = requireActor(request);
  if (actor.kind !== 'user') throw new AppError('API_KEY_NOT_ALLOWED');
  return actor;
}

/** Spec section 6: the actor holds the permission or has the role admin; otherwise 403. */
export function assertPermission(actor: Actor, permission: PermissionTitle | readonly PermissionTitle[]): Actor {
  const anyOf: readonly PermissionTitle[] = typeof permission === 'string' ? [permission] : permission;
  if (!anyOf.some((p) => can(actor, p))) throw new AppError('FORBIDDEN');
  return actor;
}

async function resolveActor(deps: Deps, cache: ActorCache, request: FastifyRequest): Promise<Actor | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new AppError('UNAUTHENTICATED');
  const cached = cache.get(token);
  if (cached) return cached;
  const generation = cache.generation();
  const claims = await verifyAccessToken(deps.keys, token);
  const actor = await loadActor(deps.db, claims);
  // A valid token whose session was revoked, or whose user was deactivated: expired on the server side.
  if (!actor) throw new AppError('SESSION_EXPIRED');
  cache.set(token, freezeActor(actor), (claims.expiresAt ?? 0) * 1000, generation);
  return actor;
}

/** A cached caller is shared by the requests that reuse it: nobody may change it. */
function freezeActor(actor: Actor): Actor {
  Object.freeze(actor.roles);
  Object.freeze(actor.permissions);
  return Object.freeze(actor);
}

/** Requests that may change data: whatever decides who may do what may have changed with them. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one authentication and permission check. Registered inside each service, it runs on
 * `onRequest`, before body validation, so a call without a session answers 401 and a call without
 * the permission 403 whatever its body holds. An API key passes only a route whose permission it
 * holds, or one marked `apiKeys: 'open'` (deny by default, ADR 0035).
 */
export const authenticatePlugin = fp<{ deps: Deps }>(async (app: FastifyInstance, { deps }) => {
  if (!app.hasRequestDecorator('actor')) app.decorateRequest('actor', null);
  // One cache per process (the services share their deps), made at the first request.
  const cache = () => actorCacheOf(deps, deps.config.jwt.actorCacheSeconds * 1000);
  // Before the answer leaves (ADR 0085): the change is committed by then, and the caller's next request
  // finds no caller cached before it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_METHODS.has(request.method)) cache().clear();
    return payload;
  });
  app.addHook('onRoute', (route) => {
    assertPublicRouteListed(route, deps.declared.publicRoutes);
    recordRoute(app, route);
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const mode = config.auth ?? 'required';
    if (mode === 'none') return;
    const actor = await resolveActor(deps, cache(), request);
    request.actor = actor;
    if (actor?.kind === 'user' && actor.twoFactorSetupRequired && !config.allowBeforeTwoFactorSetup) {
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
    }
    if (!actor) {
      if (mode === 'optional') return;
      throw new AppError('UNAUTHENTICATED');
    }
    if (config.permission) assertPermission(actor, config.permission);
    else if (actor.kind === 'api-key' && config.apiKeys !== 'open') {
      throw new AppError('API_KEY_NOT_ALLOWED');
    }
  });
});
