import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import * as repo from './sessions.repository';

export function tooManyAttempts(windowSeconds: number, what = 'sign-in attempts'): AppError {
  return new AppError('TOO_MANY_REQUESTS', {
    message: `Too many ${what}. Please try again in ${Math.ceil(windowSeconds / 60)} minutes.`,
    headers: { 'retry-after': String(windowSeconds) },
  });
}

/**
 * Counts one request under `key` in a fixed window shared by every server process; past `max` requests
 * in the window, 429 with Retry-After.
 */
export async function limitRequests(
  deps: Deps,
  key: string,
  limit: { windowSeconds: number; max: number; what?: string },
) {
  if ((await repo.bumpThrottle(deps.db, key, limit.windowSeconds)) > limit.max) {
    throw tooManyAttempts(limit.windowSeconds, limit.what);
  }
}

/**
 * The per-account failure counter (ADR 0006): wrong passwords at sign-in, and (ADR 0033) wrong
 * two-factor codes and wrong passwords of the two-factor calls all count in it.
 */
const accountKey = (mail: string) => `login-mail:${mail}`;

/** Every attempt from one address counts (right or wrong); past the limit, 429. */
export async function countIpAttempt(deps: Deps, ip: string) {
  const { windowSeconds, maxAttemptsPerIp } = deps.config.loginThrottle;
  await limitRequests(deps, `login-ip:${ip}`, { windowSeconds, max: maxAttemptsPerIp });
}

/** 429 while the account is locked after too many failures. */
export async function assertAccountNotLocked(deps: Deps, mail: string) {
  const limits = deps.config.loginThrottle;
  if ((await repo.readThrottle(deps.db, accountKey(mail), limits.windowSeconds)) >= limits.maxFailuresPerAccount) {
    throw tooManyAttempts(limits.windowSeconds);
  }
}

export async function countAccountFailure(deps: Deps, mail: string) {
  await repo.bumpThrottle(deps.db, accountKey(mail), deps.config.loginThrottle.windowSeconds);
}

/** A complete sign-in starts the count afresh. */
export async function clearAccountFailures(deps: Deps, mail: string) {
  await repo.clearThrottle(deps.db, accountKey(mail));
}
