import {
  ADMIN_ROLE,
  type ChangePasswordBody,
  type CreateUserBody,
  type CreateUserResponse,
  type LoginBody,
  type LoginResponse,
  type LogoutBody,
  type PartnerType,
  PERMISSION_SCOPES,
  type PermissionScope,
  partnerTypeSchema,
  SESSION_MESSAGES,
  type TokenInfo,
  type UpdateProfileBody,
  type UserProfile,
  VALIDATION_MESSAGES,
} from '@cuspid/contracts';
import type { LoginAnswer, LoginTwoFactorBody } from '@cuspid/contracts/two-factor';
import type { DbOrTx, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor, UserActor } from '../../lib/actor';
import { recordAudit, recordAudits } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { newSecret, sha256 } from '../../lib/ids';
import {
  CHALLENGE_TTL_SECONDS,
  signAccessToken,
  signTwoFactorChallenge,
  verifyTwoFactorChallenge,
} from '../../lib/tokens';
import { sendMail } from '../sent-mails';
import { linkForAdministrator, sendInvitationMail } from './account-links';
import { recordLoginJob } from './auth.jobs';
import * as repo from './auth.repository';
import { assertMayGrant } from './identity.policy';
import { listLiveSessions, permissionTitlesOfRoles } from './identity.repository';
import { listPermissions as listPermissionRecords } from './identity.service';
import {
  assertAccountNotLocked,
  clearAccountFailures,
  countAccountFailure,
  countIpAttempt,
  limitRequests,
} from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { spendSecondFactor } from './two-factor.service';

/** Why a session ended (sessions.revoked_reason): the user signed it out from the list, or logged out. */
const USER_SIGN_OUT = 'signed-out-by-user';
const LOGOUT = 'logout';

/** A used refresh token presented again within this window is refused without revoking the session (two tabs racing). */
const REUSE_GRACE_MS = 10_000;

export type ClientInfo = { ip: string; userAgent: string | undefined };

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
    repo.findUserAccess(deps.db, user.id),
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

/** A new session for a user who proved who they are (password and code, or a mailed link and a new password). */
export async function startSession(deps: Deps, user: repo.UserRow, client: ClientInfo): Promise<LoginResponse> {
  const refreshToken = newSecret();
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
 * A user with two-factor sign-in gets a challenge instead of tokens (ADR 0033); the account's
 * failure count is then kept until the code is right too.
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
 * The second sign-in step: the challenge of POST /login and a code from the authenticator app (or a
 * recovery code). Wrong codes count toward the account lockout like wrong passwords.
 */
export async function loginTwoFactor(deps: Deps, body: LoginTwoFactorBody, client: ClientInfo): Promise<LoginResponse> {
  await countIpAttempt(deps, client.ip);
  const claims = await verifyTwoFactorChallenge(deps.keys, body.challenge);
  const user = await repo.findLiveUserById(deps.db, claims.userId);
  // Password changed, user deactivated or two-factor sign-in reset since the password step: start over.
  if (!user?.isActive || !user.twoFactorEnabledAt || user.passwordChangedAt.getTime() !== claims.passwordChangedAt) {
    throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
  }
  await assertAccountNotLocked(deps, user.mail);
  if (!(await spendSecondFactor(deps, user, body.code))) {
    await countAccountFailure(deps, user.mail);
    throw new AppError('INVALID_TWO_FACTOR_CODE');
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

  const next = newSecret();
  await db.transaction(async (tx) => {
    await repo.insertRefreshToken(tx, { sessionId: session.id, tokenHash: sha256(next), expiresAt: session.expiresAt });
    await repo.touchSession(tx, session.id);
  });
  return issueTokens(deps, user, session.id, next);
}

type NewUser = CreateUserBody & { roleIds: string[]; roleNames?: string[] } & (
    | { companyId: string }
    | { newCompanyName: string }
  );

/**
 * The one way a user comes to exist (registration, administration, CLI): the mail must be free,
 * the password is hashed, and the user, its roles and (when asked) its new company are written together,
 * in the caller's transaction when one is given. Without a password the user is invited: it cannot sign
 * in until it sets one through the invitation link (the caller's `afterInsert` sends it).
 */
export async function createUserRecord(
  deps: Deps,
  input: NewUser,
  options: {
    /** The caller's transaction (company registration); the user is then written in a savepoint of it. */
    db?: DbOrTx;
    /** Who creates the user, for the audit trail (null: the user registers themself, or the CLI). */
    actor?: Actor | null;
    /** Runs in the same transaction once the user exists (mails the user is sent go here). */
    afterInsert?: (tx: Tx, user: repo.UserRow) => Promise<void>;
  } = {},
): Promise<repo.UserRow> {
  const db = options.db ?? deps.db;
  if (await repo.findLiveUserByMail(db, input.mail)) {
    throw new AppError('MAIL_TAKEN', { errors: { mail: ['This mail address is already registered'] } });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  // Inside a caller's transaction (company registration) this is a savepoint of it.
  return db.transaction(async (tx) => {
    const companyId =
      'companyId' in input ? input.companyId : (await repo.insertCompany(tx, { companyName: input.newCompanyName })).id;
    const user = await repo.insertUser(tx, {
      companyId,
      mail: input.mail,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone || null,
      mobile: input.mobile || null,
      isActive: input.is_active ?? true,
      contactLanguage: input.contact_language ?? 'en',
      invitedAt: passwordHash ? null : new Date(),
    });
    await repo.assignRoles(tx, user.id, input.roleIds);
    await recordAudit(tx, options.actor ?? null, {
      entity: 'user',
      entityId: user.id,
      companyId: user.companyId,
      action: 'create',
      after: {
        mail: user.mail,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        mobile: user.mobile,
        contactLanguage: user.contactLanguage,
        isActive: user.isActive,
        companyId: user.companyId,
        passwordHash: user.passwordHash,
        invitedAt: user.invitedAt,
        roles: input.roleNames ?? [],
      },
    });
    await options.afterInsert?.(tx, user);
    return user;
  });
}

/** The welcome mail is part of a registration: written in its transaction, sent by the outbox. */
export const sendWelcomeMail =
  (deps: Deps) =>
  async (tx: Tx, created: repo.UserRow): Promise<void> => {
    await sendMail(deps, tx, {
      event: 'registration.welcome',
      to: created.mail,
      language: created.contactLanguage,
      variables: { mail: created.mail, portal_url: deps.config.publicUrl },
      companyId: created.companyId,
    });
  };

/** Self-registration: a new company with the user in it, holding the roles marked for registration. */
export async function register(deps: Deps, body: CreateUserBody, client: ClientInfo) {
  if (!body.password) {
    const message = VALIDATION_MESSAGES.passwordRequired;
    throw new AppError('VALIDATION_FAILED', { message, errors: { password: [message] } });
  }
  await limitRequests(deps, `register-ip:${client.ip}`, {
    windowSeconds: 3600,
    max: deps.config.loginThrottle.maxAttemptsPerIp,
  });
  const roles = await repo.findRegistrationRoles(deps.db);
  // Registration sets mail and password (spec section 3) and optionally the contact language;
  // names come later in account settings.
  const user = await createUserRecord(
    deps,
    {
      mail: body.mail,
      password: body.password,
      ...(body.contact_language ? { contact_language: body.contact_language } : {}),
      newCompanyName: body.mail,
      roleIds: roles.map((r) => r.id),
      roleNames: roles.map((r) => r.name),
    },
    { afterInsert: sendWelcomeMail(deps) },
  );
  return { message: 'Registration successful. You can sign in now.', user_id: user.id };
}

/**
 * An administrator creates a user; company users create users of their own company only. Without a
 * password the user is invited: the invitation mail is written in the same transaction (ADR 0034).
 */
export async function createUser(deps: Deps, actor: Actor, body: CreateUserBody): Promise<CreateUserResponse> {
  const companyId = body.company_id ?? actor.companyId;
  if (companyId !== actor.companyId && !actor.isStaff) throw new AppError('NOT_FOUND');
  const invite = !body.password;
  if (invite && body.is_active === false) {
    const message = 'An invited user must be active to accept the invitation; set a password instead';
    throw new AppError('VALIDATION_FAILED', { message, errors: { is_active: [message] } });
  }
  const roles = await repo.findRolesByName(deps.db, body.roles ?? []);
  if (roles.length !== (body.roles ?? []).length) {
    throw new AppError('VALIDATION_FAILED', { message: 'Unknown role', errors: { roles: ['Unknown role'] } });
  }
  if (roles.some((r) => r.name === ADMIN_ROLE) && !actor.roles.includes(ADMIN_ROLE)) throw new AppError('FORBIDDEN');
  assertMayGrant(
    actor,
    await permissionTitlesOfRoles(
      deps.db,
      roles.map((r) => r.id),
    ),
  );
  let invitationUrl = '';
  const user = await createUserRecord(
    deps,
    { ...body, companyId, roleIds: roles.map((r) => r.id), roleNames: roles.map((r) => r.name) },
    {
      actor,
      ...(invite
        ? {
            afterInsert: async (tx: Tx, created: repo.UserRow) => {
              invitationUrl = await sendInvitationMail(deps, tx, created);
            },
          }
        : {}),
    },
  );
  if (!invite) return { message: 'The user was created', user_id: user.id };
  return {
    message: 'The user was created and invited by mail',
    user_id: user.id,
    ...linkForAdministrator(deps, actor, invitationUrl),
  };
}

async function currentUser(deps: Deps, actor: Actor) {
  const user = await repo.findLiveUserById(deps.db, actor.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return user;
}

export async function getProfile(deps: Deps, actor: Actor): Promise<UserProfile> {
  const user = await currentUser(deps, actor);
  return toUserProfile(user, await repo.findCompanyName(deps.db, user.companyId));
}

export async function updateProfile(deps: Deps, actor: Actor, body: UpdateProfileBody): Promise<UserProfile> {
  await currentUser(deps, actor);
  const user = await repo.updateUser(deps.db, actor.userId, {
    ...(body.first_name !== undefined ? { firstName: body.first_name || null } : {}),
    ...(body.last_name !== undefined ? { lastName: body.last_name || null } : {}),
    ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
    ...(body.mobile !== undefined ? { mobile: body.mobile || null } : {}),
    ...(body.contact_language !== undefined ? { contactLanguage: body.contact_language } : {}),
    ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
  });
  return toUserProfile(user, await repo.findCompanyName(deps.db, user.companyId));
}

/** Changes the password and signs out every other session of the user. */
export async function changePassword(deps: Deps, actor: UserActor, body: ChangePasswordBody) {
  const user = await currentUser(deps, actor);
  if (!(await verifyPassword(user.passwordHash, body.current_password))) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'The current password is wrong',
      errors: { current_password: ['The current password is wrong'] },
    });
  }
  const passwordHash = await hashPassword(body.new_password);
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: new Date() });
    await repo.revokeUserSessions(tx, user.id, 'password-changed', actor.sessionId);
    // A password-reset link asked for earlier would undo this change: it stops working.
    await repo.revokeAccountTokens(tx, user.id);
  });
  return { message: 'Your password was changed' };
}

export const listPermissions = listPermissionRecords;

/** The signed-in user's live sessions, the current one marked. */
export async function listSessions(deps: Deps, actor: UserActor) {
  const rows = await listLiveSessions(deps.db, actor.userId);
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
  if (actor?.kind === 'api-key') throw new AppError('API_KEY_NOT_ALLOWED');
  const presented = body?.refresh_token;
  const named = presented ? await repo.findRefreshToken(deps.db, sha256(presented)) : undefined;
  if (actor) {
    if (presented && named?.sessionId !== actor.sessionId) {
      const message = SESSION_MESSAGES.refreshTokenOfAnotherSession;
      throw new AppError('VALIDATION_FAILED', { message, errors: { refresh_token: [message] } });
    }
    await repo.revokeSession(deps.db, actor.sessionId, LOGOUT);
    return { message: SESSION_MESSAGES.signedOut };
  }
  if (!presented) throw new AppError('UNAUTHENTICATED');
  if (!named || named.expiresAt <= new Date()) throw new AppError('INVALID_REFRESH_TOKEN');
  await repo.revokeSession(deps.db, named.sessionId, LOGOUT);
  return { message: SESSION_MESSAGES.signedOut };
}
