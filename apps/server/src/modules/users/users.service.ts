import {
  ADMIN_ROLE,
  type CreateUserBody,
  type CreateUserResponse,
  type InvitationResponse,
  type ListUsersQuery,
  type UpdateUserBody,
  type UserRecord,
  type UserStatus,
  VALIDATION_MESSAGES,
} from '@cuspid/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { companyScope } from '../../lib/company-scope';
import { AppError } from '../../lib/errors';
import { linkForAdministrator, revokeAccountTokens, sendInvitationMail } from '../account-links';
import { revokeUserApiKeys } from '../api-keys';
import { insertCompany } from '../companies';
import { companies } from '../companies/companies.schema';
import {
  assertMayGrant,
  findRegistrationRoles,
  findRolesByName,
  permissionTitlesOfRoles,
  permissionTitlesOfUser,
} from '../roles';
import { sendMail } from '../sent-mails';
import {
  type ClientInfo,
  findLiveUserByMail,
  hashPassword,
  hasSession,
  limitRequests,
  revokeUserSessions,
} from '../sessions';
import { replaceRecoveryCodes, TWO_FACTOR_OFF } from '../two-factor';
import { assertMayCreateUserIn, assertMayGrantRoles, assertMayManageUser, editUserPolicy } from './users.policy';
import * as repo from './users.repository';
import { users } from './users.schema';

type ListQuery = { limit_start: number; limit_count: number; search?: string | undefined; sort_dir: 'asc' | 'desc' };
const pageOf = (query: ListQuery, sortBy: string): repo.Page & { sortBy: string } => ({
  offset: query.limit_start,
  limit: query.limit_count,
  search: query.search || undefined,
  sortDir: query.sort_dir,
  sortBy,
});

const badRequest = (message: string, field?: string) =>
  new AppError('BAD_REQUEST', { message, ...(field ? { errors: { [field]: [message] } } : {}) });

/** The company scope on users: the users an actor may see and change. */
const scopeOf = (actor: Actor) => companyScope(actor, users.companyId);

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
  if (await findLiveUserByMail(db, input.mail)) {
    throw new AppError('MAIL_TAKEN', { errors: { mail: ['This mail address is already registered'] } });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  // Inside a caller's transaction (company registration) this is a savepoint of it.
  return db.transaction(async (tx) => {
    const companyId =
      'companyId' in input ? input.companyId : (await insertCompany(tx, { companyName: input.newCompanyName })).id;
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
  const roles = await findRegistrationRoles(deps.db);
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
  assertMayCreateUserIn(actor, companyId);
  const invite = !body.password;
  if (invite && body.is_active === false) {
    const message = 'An invited user must be active to accept the invitation; set a password instead';
    throw new AppError('VALIDATION_FAILED', { message, errors: { is_active: [message] } });
  }
  const roles = await findRolesByName(deps.db, body.roles ?? []);
  if (roles.length !== (body.roles ?? []).length) {
    throw new AppError('VALIDATION_FAILED', { message: 'Unknown role', errors: { roles: ['Unknown role'] } });
  }
  assertMayGrantRoles(
    actor,
    roles.map((r) => r.name),
  );
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

/** Deactivated wins; an active user without a password has not accepted its invitation yet. */
export const userStatus = (user: { isActive: boolean; hasPassword: boolean }): UserStatus =>
  !user.isActive ? 'inactive' : user.hasPassword ? 'active' : 'invited';

/** A user record from a list row (no secrets read) or from a full row. */
export function toUserRecord(row: repo.UserListRow | repo.UserRecordRow): UserRecord {
  const u = row.user;
  const hasPassword = 'hasPassword' in u ? u.hasPassword : u.passwordHash !== null;
  return {
    id: u.id,
    mail: u.mail,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    mobile: u.mobile,
    contact_language: u.contactLanguage as UserRecord['contact_language'],
    timezone: u.timezone,
    last_login: u.lastLogin?.toISOString() ?? null,
    is_active: u.isActive,
    status: userStatus({ isActive: u.isActive, hasPassword }),
    invited_at: u.invitedAt?.toISOString() ?? null,
    company_id: u.companyId,
    company_name: row.companyName,
    roles: row.roles,
    two_factor_enabled: u.twoFactorEnabledAt !== null,
    created_at: u.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of a user (the hash only shows as redacted). */
const userSnapshot = (user: typeof users.$inferSelect, roles: string[]) => ({
  mail: user.mail,
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
  mobile: user.mobile,
  contactLanguage: user.contactLanguage,
  timezone: user.timezone,
  isActive: user.isActive,
  companyId: user.companyId,
  passwordHash: user.passwordHash,
  twoFactorEnabled: user.twoFactorEnabledAt !== null,
  invitedAt: user.invitedAt,
  roles,
});

export async function listUsers(deps: Deps, actor: Actor, query: ListUsersQuery) {
  if (query.company_id) {
    // A company filter narrows the caller's scope; a company outside it is not found, like its records.
    if (!(await repo.isCompanyVisible(deps.db, query.company_id, companyScope(actor, companies.id)))) {
      throw new AppError('NOT_FOUND');
    }
  }
  const result = await repo.listUsers(deps.db, scopeOf(actor), pageOf(query, query.sort_by), query.company_id);
  return { data: result.data.map(toUserRecord), count: result.count };
}

async function findVisibleUser(deps: Deps, actor: Actor, id: string) {
  const row = await repo.findUserRecord(deps.db, id, scopeOf(actor));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Writes a change to a user in the actor's scope; the user left it (or was deleted) meanwhile: 404. */
async function writeUser(tx: DbOrTx, actor: Actor, id: string, values: Parameters<typeof repo.updateUserRow>[2]) {
  const updated = await repo.updateUserRow(tx, id, values, scopeOf(actor));
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}

/** The policy's rule for changing another user's sign-in, roles or status, with what the user holds. */
async function assertMayManage(deps: Deps, actor: Actor, target: repo.UserRecordRow) {
  const permissions = await permissionTitlesOfUser(deps.db, target.user.id);
  assertMayManageUser(actor, { id: target.user.id, roles: target.roles, permissions });
}

export async function getUser(deps: Deps, actor: Actor, id: string): Promise<UserRecord> {
  return toUserRecord(await findVisibleUser(deps, actor, id));
}

const LAST_ADMIN = 'The last administrator cannot be removed, deactivated or demoted';

export async function updateUser(deps: Deps, actor: Actor, body: UpdateUserBody): Promise<UserRecord> {
  const current = authorize(actor, editUserPolicy, await repo.findUserRecord(deps.db, body.id, scopeOf(actor)));
  const self = current.user.id === actor.userId;
  const targetIsAdmin = current.roles.includes(ADMIN_ROLE);
  const changesAccess =
    (body.mail !== undefined && body.mail !== current.user.mail) ||
    Boolean(body.password) ||
    body.roles !== undefined ||
    body.is_active !== undefined ||
    Boolean(body.reset_two_factor);
  if (changesAccess) await assertMayManage(deps, actor, current);
  if (self && body.is_active === false) throw badRequest('You cannot deactivate your own account', 'is_active');
  // Turning one's own second factor off needs the password or a code (POST /disable-two-factor).
  if (self && body.reset_two_factor) {
    throw badRequest('Turn your own two-factor sign-in off in your account settings', 'reset_two_factor');
  }

  let roleIds: string[] | undefined;
  let roleNames = current.roles;
  if (body.roles) {
    const roles = await findRolesByName(deps.db, body.roles);
    if (roles.length !== new Set(body.roles).size) throw badRequest('Unknown role', 'roles');
    const added = roles.filter((r) => !current.roles.includes(r.name));
    assertMayGrantRoles(
      actor,
      added.map((r) => r.name),
    );
    assertMayGrant(
      actor,
      await permissionTitlesOfRoles(
        deps.db,
        added.map((r) => r.id),
      ),
    );
    roleIds = roles.map((r) => r.id);
    roleNames = roles.map((r) => r.name);
  }
  const losesAdmin = targetIsAdmin && (!roleNames.includes(ADMIN_ROLE) || body.is_active === false);
  if (losesAdmin && (await repo.countOtherActiveAdmins(deps.db, current.user.id)) === 0) {
    throw badRequest(LAST_ADMIN, body.roles ? 'roles' : 'is_active');
  }
  if (body.mail && body.mail !== current.user.mail) {
    const taken = await findLiveUserByMail(deps.db, body.mail);
    if (taken && taken.id !== current.user.id) {
      throw new AppError('MAIL_TAKEN', { errors: { mail: ['This mail address is already registered'] } });
    }
  }
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  // A lost phone (ADR 0033): the user signs in with the password alone and may set it up again.
  const resetsTwoFactor = Boolean(
    body.reset_two_factor && (current.user.twoFactorSecret || current.user.twoFactorPendingSecret),
  );

  await deps.db.transaction(async (tx) => {
    const updated = await writeUser(tx, actor, current.user.id, {
      ...(body.mail !== undefined ? { mail: body.mail } : {}),
      ...(body.first_name !== undefined ? { firstName: body.first_name || null } : {}),
      ...(body.last_name !== undefined ? { lastName: body.last_name || null } : {}),
      ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
      ...(body.mobile !== undefined ? { mobile: body.mobile || null } : {}),
      ...(body.contact_language !== undefined ? { contactLanguage: body.contact_language } : {}),
      ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
      ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
      ...(resetsTwoFactor ? TWO_FACTOR_OFF : {}),
    });
    if (roleIds) await repo.replaceUserRoles(tx, current.user.id, roleIds);
    if (resetsTwoFactor) await replaceRecoveryCodes(tx, current.user.id, []);
    // A new password or a deactivation signs the user out everywhere (but the caller's own session).
    if (passwordHash || body.is_active === false) {
      const keep = self && hasSession(actor) ? actor.sessionId : undefined;
      await revokeUserSessions(tx, current.user.id, passwordHash ? 'password-reset' : 'deactivated', keep);
    }
    // Mailed links (ADR 0034) end with a new password, a deactivation, or a new mail address (they went to the old one).
    if (passwordHash || body.is_active === false || updated.mail !== current.user.mail) {
      await revokeAccountTokens(tx, current.user.id);
    }
    await recordAudit(tx, actor, {
      entity: 'user',
      entityId: current.user.id,
      companyId: current.user.companyId,
      action: 'update',
      before: userSnapshot(current.user, current.roles),
      after: userSnapshot(updated, roleNames),
    });
  });
  return getUser(deps, actor, current.user.id);
}

/** Soft delete: the row stays for history (audit, invoices); the mail becomes free; sessions and keys end. */
export async function deleteUser(deps: Deps, actor: Actor, id: string) {
  const current = await findVisibleUser(deps, actor, id);
  if (current.user.id === actor.userId) throw badRequest('You cannot delete your own account');
  await assertMayManage(deps, actor, current);
  if (current.roles.includes(ADMIN_ROLE) && (await repo.countOtherActiveAdmins(deps.db, current.user.id)) === 0) {
    throw badRequest(LAST_ADMIN);
  }
  await deps.db.transaction(async (tx) => {
    await writeUser(tx, actor, current.user.id, { deletedAt: new Date(), isActive: false });
    await revokeUserSessions(tx, current.user.id, 'user-deleted');
    await revokeAccountTokens(tx, current.user.id);
    await revokeUserApiKeys(tx, current.user.id);
    await recordAudit(tx, actor, {
      entity: 'user',
      entityId: current.user.id,
      companyId: current.user.companyId,
      action: 'delete',
      before: userSnapshot(current.user, current.roles),
    });
  });
  return { message: 'The user was deleted' };
}

/**
 * Sends a user's invitation again (ADR 0034): a new link, the earlier ones stop working. Only for users
 * who have not set a password yet and are active; as for other changes, only admins handle admins.
 */
export async function resendInvitation(deps: Deps, actor: Actor, id: string): Promise<InvitationResponse> {
  const current = await findVisibleUser(deps, actor, id);
  await assertMayManage(deps, actor, current);
  if (current.user.passwordHash) {
    throw badRequest('This user has set a password already; they can use "Forgot password?" on the sign-in page');
  }
  if (!current.user.isActive) throw badRequest('This user is deactivated; activate them before inviting them again');
  const url = await deps.db.transaction(async (tx) => {
    const updated = await writeUser(tx, actor, current.user.id, { invitedAt: new Date() });
    const link = await sendInvitationMail(deps, tx, updated);
    await recordAudit(tx, actor, {
      entity: 'user',
      entityId: current.user.id,
      companyId: current.user.companyId,
      action: 'update',
      before: { invitedAt: current.user.invitedAt },
      after: { invitedAt: updated.invitedAt },
    });
    return link;
  });
  return { message: 'The invitation was sent again', ...linkForAdministrator(deps, actor, url) };
}
