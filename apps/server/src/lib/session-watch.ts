import { can, type PermissionTitle } from '@cuspid/contracts';
import type { Deps } from '../deps';
import type { Actor } from './actor';
import { loadActor } from './actor.repository';
import { notificationsOf } from './notifications';
import type { AccessClaims } from './tokens';

/** The channel the database notifies when a session, an API key, a user or a company ends (migration 0018). */
export const SESSION_END_CHANNEL = 'session_end';

type SessionEndNotice = { kind: 'session' | 'api_key' | 'user' | 'company'; id: string };

/**
 * Why a long-lived answer ended under its caller: TOKEN_EXPIRED (the access token's time is up: the client gets a
 * fresh one and comes back), SESSION_EXPIRED (the session, key, user or company ended), FORBIDDEN (the permission the
 * answer needs is no longer held), SERVICE_UNAVAILABLE (this process may have missed a session's end: come back).
 */
export type SessionEndReason = 'TOKEN_EXPIRED' | 'SESSION_EXPIRED' | 'FORBIDDEN' | 'SERVICE_UNAVAILABLE';

/** How often the caller is looked up again (catches what no notification names: a role that lost a permission). */
export const SESSION_RECHECK_MS = 30_000;

/** Does a notice end this caller's session? */
export function endsSession(actor: Actor, notice: SessionEndNotice): boolean {
  switch (notice.kind) {
    case 'session':
      return actor.kind === 'user' && actor.sessionId === notice.id;
    case 'api_key':
      return actor.kind === 'api-key' && actor.apiKeyId === notice.id;
    case 'user':
      return actor.userId === notice.id;
    case 'company':
      return actor.companyId === notice.id;
    default:
      return false;
  }
}

function parseNotice(payload: string): SessionEndNotice | null {
  try {
    const notice = JSON.parse(payload) as Partial<SessionEndNotice>;
    return typeof notice.kind === 'string' && typeof notice.id === 'string' ? (notice as SessionEndNotice) : null;
  } catch {
    return null;
  }
}

export type SessionWatchOptions = {
  actor: Actor;
  claims: AccessClaims;
  /** The permission (any of them) the answer needs, looked up again with the caller. */
  permission?: PermissionTitle | readonly PermissionTitle[] | undefined;
  /** Called once, when the session ends for any reason; the watch has stopped by then. */
  onEnd: (reason: SessionEndReason) => void;
  recheckMs?: number;
};

/**
 * Keeps watching the session a long-lived answer (a server-sent events stream) runs under, which the
 * authentication hook checked only when it opened. It ends the answer (`onEnd`):
 * - when the database says the session, API key, user or company ended (a NOTIFY every process hears, sent by
 *   triggers, so a logout, a sign-out of other sessions, a deactivation or deletion, made by any process or by
 *   SQL, ends the answer within moments);
 * - when the access token expires;
 * - when this process's notification connection is lost (a session's end may have been missed);
 * - when a periodic lookup of the caller finds it gone or without the permission.
 * Returns the function that stops watching (the answer ended for another reason).
 */
export async function watchSession(deps: Deps, options: SessionWatchOptions): Promise<() => void> {
  const { actor, claims, onEnd } = options;
  const anyOf: readonly PermissionTitle[] =
    options.permission === undefined
      ? []
      : typeof options.permission === 'string'
        ? [options.permission]
        : options.permission;
  const notifications = notificationsOf(deps);
  let stopped = false;
  const cleanups: (() => void)[] = [];
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const cleanup of cleanups) cleanup();
  };
  const end = (reason: SessionEndReason) => {
    if (stopped) return;
    stop();
    onEnd(reason);
  };

  cleanups.push(
    await notifications.subscribe(SESSION_END_CHANNEL, (payload) => {
      const notice = parseNotice(payload);
      if (notice && endsSession(actor, notice)) end('SESSION_EXPIRED');
    }),
  );
  cleanups.push(notifications.onLost(() => end('SERVICE_UNAVAILABLE')));

  if (claims.expiresAt) {
    // setTimeout holds at most 2^31-1 ms (24.8 days); an access token lives minutes.
    const expiry = setTimeout(() => end('TOKEN_EXPIRED'), Math.min(claims.expiresAt * 1000 - Date.now(), 2 ** 31 - 1));
    expiry.unref();
    cleanups.push(() => clearTimeout(expiry));
  }

  const recheck = async () => {
    const current = await loadActor(deps.db, claims);
    if (!current) end('SESSION_EXPIRED');
    else if (anyOf.length && !anyOf.some((p) => can(current, p))) end('FORBIDDEN');
  };
  const timer = setInterval(() => {
    recheck().catch((err) => deps.logger.warn({ err }, 'a live answer could not look up its caller'));
  }, options.recheckMs ?? SESSION_RECHECK_MS);
  timer.unref();
  cleanups.push(() => clearInterval(timer));

  // The session may have ended between the authentication hook's lookup and the subscription above.
  await recheck();
  return stop;
}
