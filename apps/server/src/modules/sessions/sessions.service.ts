import {
  ADMIN_ROLE,
  type LoginBody,
  type LoginResponse,
  type LogoutBody,
  type PartnerType,
  PERMISSION_SCOPES,
  type PermissionScope,
  partnerTypeSchema,
  SESSION_MESSAGES,
  type TokenInfo,
  type UserProfile,
} from '@cuspid/contracts';
import type { LoginAnswer } from '@cuspid/contracts/two-factor';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor, UserActor } from '../../lib/actor';
import { recordAudits } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { randomSecret, sha256 } from '../../lib/ids';
import { CHALLENGE_TTL_SECONDS, signAccessToken, signTwoFactorChallenge } from '../../lib/tokens';
import { findUserAccess } from '../roles';
import type { ClientInfo } from './client-info';
import { assertAccountNotLocked, clearAccountFailures, countAccountFailure, countIpAttempt } from './login-throttle';
import { verifyPassword } from './passwords';
import { recordLoginJob } from './sessions.jobs';
import { hasSession } from './sessions.policy';
import * as repo from './sessions.repository';

/** Why a session ended (sessions.revoked_reason): the user signed it out from the list, or logged out. */
const USER_SIGN_OUT = 'signed-out-by-user';
const LOGOUT = 'logout';

/** A used refresh token presented again within this window is refused without revoking the session (two tabs racing). */
const REUSE_GRACE_MS = 10_000;

export function toUserProfile(user: repo.UserRow, companyName: string): UserProfile {
  return {
    id: user.id,
    mail: user.mail,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    mobile: user.mobile,
    contact_language: user.contactLanguage as UserProfile['contact_language'],
    timezone: user.timezone,
    last_login: user.lastLogin?.toISOString() ?? null,
    company_id: user.companyId,
    company_name: companyName,
  };
}

async function buildTokenInfo(deps: Deps, user: repo.UserRow): Promise<TokenInfo> {
  const [access, companyName] = await Promise.all([
    findUserAccess(deps.db, user.id),
    repo.findCompanyName(deps.db, user.companyId),
  ]);
  const roleNames = access.roles.map((r) => r.name);
  const permissions: Record<string, string[]> = {};
  for (const p of access.permissions) {
    permissions[p.scope] = [...(permissions[p.scope] ?? []), p.value];
  }
  const scopes = roleNames.includes(ADMIN_ROLE)
    ? [...PERMISSION_SCOPES]
    : PERMISSION_SCOPES.filter((scope: PermissionScope) => permissions[scope]?.length);
  const types = [
    ...new Set(
      access.roles.map((r) => partnerTypeSchema.safeParse(r.partnerType).data).filter((t): t is PartnerType => !!t),
    ),
  ];
  return {
    roles: roleNames,
    permissions,
    company_id: user.companyId,
    scopes,
    user_id: user.id,
    types,
    user: toUserProfile(user, companyName),
    expires_in: deps.keys.accessTokenTtlSeconds,
    two_factor_setup_required: access.roles.some((r) => r.requireTwoFactor) && user.twoFactorEnabledAt === null,
  };
}

async function issueTokens(
  deps: Deps,
  user: repo.UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<LoginResponse> {
  const [token, tokenInfo] = await Promise.all([
    signAccessToken(deps.keys, { userId: user.id, sessionId, companyId: user.companyId }),
    buildTokenInfo(deps, user),
  ]);
  return { token, refresh_token: refreshToken, token_info: tokenInfo };
}

/**
 * A new session for a user who proved who they are (password, with a second factor when it is on; or a
 * mailed link and a new password).
 */
export async function startSession(deps: Deps, user: repo.UserRow, client: ClientInfo): Promise<LoginResponse> {
  const refreshToken = randomSecret();
  const now = new Date();
  const session = await deps.db.transaction(async (tx) => {
    const created = await repo.insertSession(tx, {
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 400),
      expiresAt: new Date(now.getTime() + deps.config.jwt.refreshTokenTtlDays * 86_400_000),
    });
    await repo.insertRefreshToken(tx, {
      sessionId: created.id,
      tokenHash: sha256(refreshToken),
      expiresAt: created.expiresAt,
    });
    await deps.jobs.enqueue(recordLoginJob, { userId: user.id, at: now.toISOString() }, { tx });
    return created;
  });
  return issueTokens(deps, user, session.id, refreshToken);
}

/**
 * Signs in. A wrong mail and a wrong password get the same answer and take the same time; attempts
 * are limited per IP (all attempts) and per account (failures), across every server process.
 * A user with two-factor sign-in gets a challenge instead of tokens (ADR 0033; the second step is
 * POST /login/two-factor of the two-factor module); the account's failure count is then kept until
 * the code is right too.
 */
export async function login(deps: Deps, body: LoginBody, client: ClientInfo): Promise<LoginAnswer> {
  const { db } = deps;
  await countIpAttempt(deps, client.ip);
  await assertAccountNotLocked(deps, body.mail);

  const user = await repo.findLiveUserByMail(db, body.mail);
  const valid = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !valid) {
    await countAccountFailure(deps, body.mail);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE');
  if (user.twoFactorEnabledAt) {
    const challenge = await signTwoFactorChallenge(deps.keys, {
      userId: user.id,
      passwordChangedAt: user.passwordChangedAt,
    });
    return { two_factor_required: true, challenge, expires_in: CHALLENGE_TTL_SECONDS };
  }
  await clearAccountFailures(deps, user.mail);
  return startSession(deps, user, client);
}

/**
 * Exchanges a refresh token for a new pair. Tokens rotate: each is used once. Presenting a used one
 * again (outside a short grace for racing tabs) means it leaked, so its whole session is revoked.
 */
export async function refresh(deps: Deps, presented: string): Promise<LoginResponse> {
  const { db } = deps;
  const tokenHash = sha256(presented);
  const consumed = await repo.consumeRefreshToken(db, tokenHash);
  if (!consumed) {
    const known = await repo.findRefreshToken(db, tokenHash);
    if (known?.usedAt && Date.now() - known.usedAt.getTime() > REUSE_GRACE_MS) {
      await repo.revokeSession(db, known.sessionId, 'refresh-token-reuse');
      deps.logger.warn({ sessionId: known.sessionId }, 'refresh token reused: session revoked');
    }
    throw new AppError('INVALID_REFRESH_TOKEN');
  }
  const session = await repo.findSession(db, consumed.sessionId);
  const now = new Date();
  if (!session || session.revokedAt || session.expiresAt <= now || consumed.expiresAt <= now) {
    throw new AppError('INVALID_REFRESH_TOKEN');
  }
  const user = await repo.findLiveUserById(db, session.userId);
  if (!user?.isActive) throw new AppError('INVALID_REFRESH_TOKEN');

  const next = randomSecret();
  await db.transaction(async (tx) => {
    await repo.insertRefreshToken(tx, { sessionId: session.id, tokenHash: sha256(next), expiresAt: session.expiresAt });
    await repo.touchSession(tx, session.id);
  });
  return issueTokens(deps, user, session.id, next);
}

/** The signed-in user's live sessions, the current one marked. */
export async function listSessions(deps: Deps, actor: UserActor) {
  const rows = await repo.listLiveSessions(deps.db, actor.userId);
  return {
    data: rows.map((s) => ({
      id: s.id,
      user_agent: s.userAgent,
      ip: s.ip,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      current: s.id === actor.sessionId,
    })),
    count: rows.length,
  };
}

/** A session the user ended themself, in the audit trail: entity `session`, its revoked time and reason. */
const auditSessionEnded = (tx: DbOrTx, actor: UserActor, ended: { id: string }[], at: Date, reason: string) =>
  recordAudits(
    tx,
    actor,
    ended.map(({ id }) => ({
      entity: 'session',
      entityId: id,
      companyId: actor.companyId,
      action: 'update' as const,
      before: { revoked_at: null, revoked_reason: null },
      after: { revoked_at: at, revoked_reason: reason },
    })),
  );

export async function signOutOtherSessions(deps: Deps, actor: UserActor) {
  await deps.db.transaction(async (tx) => {
    const ended = await repo.revokeUserSessions(tx, actor.userId, USER_SIGN_OUT, actor.sessionId);
    await auditSessionEnded(tx, actor, ended, new Date(), USER_SIGN_OUT);
  });
  return { message: 'Your other sessions were signed out' };
}

/**
 * Ends one of the caller's own sessions from the sessions list (the current one too: that is a
 * logout). Another user's session, an unknown id and an ended session all answer 404.
 */
export async function signOutSession(deps: Deps, actor: UserActor, id: string) {
  await deps.db.transaction(async (tx) => {
    const ended = await repo.revokeLiveSessionOfUser(tx, actor.userId, id, USER_SIGN_OUT);
    if (!ended) throw new AppError('NOT_FOUND');
    await auditSessionEnded(tx, actor, [ended], ended.revokedAt ?? new Date(), USER_SIGN_OUT);
  });
  return { message: SESSION_MESSAGES.sessionEnded };
}

/**
 * Server-side sign-out (ADR 0006): ends one session at once, so its access tokens answer 419 and its
 * refresh tokens 401. With a user's access token it is that token's session (a refresh token sent
 * along must belong to it). Without an access token (it may have expired) the refresh token names
 * the session; a spent one of the session still does, and a session already ended stays ended (200),
 * so a client can always finish its logout. API keys have no session (403).
 */
export async function logout(deps: Deps, actor: Actor | null, body: LogoutBody): Promise<{ message: string }> {
  if (actor && !hasSession(actor)) throw new AppError('API_KEY_NOT_ALLOWED');
  const presented = body?.refresh_token;
  const named = presented ? await repo.findRefreshToken(deps.db, sha256(presented)) : undefined;
  if (actor) {
    if (presented && named?.sessionId !== actor.sessionId) {
      const message = SESSION_MESSAGES.refreshTokenOfAnotherSession;
      throw new AppError('VALIDATION_FAILED', { message, errors: { refresh_token: [message] } });
    }
    await repo.revokeSession(deps.db, actor.sessionId, LOGOUT, actor.userId);
    return { message: SESSION_MESSAGES.signedOut };
  }
  if (!presented) throw new AppError('UNAUTHENTICATED');
  if (!named || named.expiresAt <= new Date()) throw new AppError('INVALID_REFRESH_TOKEN');
  await repo.revokeSession(deps.db, named.sessionId, LOGOUT);
  return { message: SESSION_MESSAGES.signedOut };
}
