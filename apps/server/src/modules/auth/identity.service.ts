import {
  ADMIN_ROLE,
  type CreatePermissionBody,
  type CreateRoleBody,
  type InvitationResponse,
  type ListRolesQuery,
  type ListUsersQuery,
  PERMISSION_TITLES,
  type PermissionRecord,
  type RoleRecord,
  type UpdatePermissionBody,
  type UpdateRoleBody,
  type UpdateUserBody,
  type UserRecord,
  type UserStatus,
} from '@cuspid/contracts';
import { companies, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Actor, isAdmin } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { companyScope } from '../../lib/company-scope';
import { AppError } from '../../lib/errors';
import { linkForAdministrator, sendInvitationMail } from './account-links';
import * as authRepo from './auth.repository';
import { assertMayChangeRole, assertMayGrant, assertMayManageUser, assertSelfServiceRole } from './identity.policy';
import * as repo from './identity.repository';
import { hashPassword } from './passwords';
import * as twoFactorRepo from './two-factor.repository';

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

// Users

/** Deactivated wins; an active user without a password has not accepted its invitation yet. */
export const userStatus = (user: { isActive: boolean; passwordHash: string | null }): UserStatus =>
  !user.isActive ? 'inactive' : user.passwordHash ? 'active' : 'invited';

export function toUserRecord(row: repo.UserRecordRow): UserRecord {
  const u = row.user;
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
    status: userStatus(u),
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
  const scope = companyScope(actor, users.companyId);
  const result = await repo.listUsers(deps.db, scope, pageOf(query, query.sort_by), query.company_id);
  return { data: result.data.map(toUserRecord), count: result.count };
}

async function findVisibleUser(deps: Deps, actor: Actor, id: string) {
  const row = await repo.findUserRecord(deps.db, id, companyScope(actor, users.companyId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The policy's rule for changing another user's sign-in, roles or status, with what the user holds. */
async function assertMayManage(deps: Deps, actor: Actor, target: repo.UserRecordRow) {
  const permissions = await repo.permissionTitlesOfUser(deps.db, target.user.id);
  assertMayManageUser(actor, { id: target.user.id, roles: target.roles, permissions });
}

export async function getUser(deps: Deps, actor: Actor, id: string): Promise<UserRecord> {
  return toUserRecord(await findVisibleUser(deps, actor, id));
}

const LAST_ADMIN = 'The last administrator cannot be removed, deactivated or demoted';

export async function updateUser(deps: Deps, actor: Actor, body: UpdateUserBody): Promise<UserRecord> {
  const current = await findVisibleUser(deps, actor, body.id);
  const self = current.user.id === actor.userId;
  const targetIsAdmin = current.roles.includes(ADMIN_ROLE);
  if (targetIsAdmin && !isAdmin(actor) && !self) throw new AppError('FORBIDDEN');
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
    const roles = await authRepo.findRolesByName(deps.db, body.roles);
    if (roles.length !== new Set(body.roles).size) throw badRequest('Unknown role', 'roles');
    const added = roles.filter((r) => !current.roles.includes(r.name));
    if (added.some((r) => r.name === ADMIN_ROLE) && !isAdmin(actor)) throw new AppError('FORBIDDEN');
    assertMayGrant(
      actor,
      await repo.permissionTitlesOfRoles(
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
    const taken = await authRepo.findLiveUserByMail(deps.db, body.mail);
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
    const updated = await authRepo.updateUser(tx, current.user.id, {
      ...(body.mail !== undefined ? { mail: body.mail } : {}),
      ...(body.first_name !== undefined ? { firstName: body.first_name || null } : {}),
      ...(body.last_name !== undefined ? { lastName: body.last_name || null } : {}),
      ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
      ...(body.mobile !== undefined ? { mobile: body.mobile || null } : {}),
      ...(body.contact_language !== undefined ? { contactLanguage: body.contact_language } : {}),
      ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
      ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
      ...(resetsTwoFactor ? twoFactorRepo.TWO_FACTOR_OFF : {}),
    });
    if (roleIds) await repo.replaceUserRoles(tx, current.user.id, roleIds);
    if (resetsTwoFactor) await twoFactorRepo.replaceRecoveryCodes(tx, current.user.id, []);
    // A new password or a deactivation signs the user out everywhere (but the caller's own session).
    if (passwordHash || body.is_active === false) {
      const keep = self && actor.kind === 'user' ? actor.sessionId : undefined;
      await authRepo.revokeUserSessions(tx, current.user.id, passwordHash ? 'password-reset' : 'deactivated', keep);
    }
    // Mailed links (ADR 0034) end with a new password, a deactivation, or a new mail address (they went to the old one).
    if (passwordHash || body.is_active === false || updated.mail !== current.user.mail) {
      await authRepo.revokeAccountTokens(tx, current.user.id);
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
    await authRepo.updateUser(tx, current.user.id, { deletedAt: new Date(), isActive: false });
    await authRepo.revokeUserSessions(tx, current.user.id, 'user-deleted');
    await authRepo.revokeAccountTokens(tx, current.user.id);
    await repo.revokeUserApiKeys(tx, current.user.id);
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
    const updated = await authRepo.updateUser(tx, current.user.id, { invitedAt: new Date() });
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

// Roles

function toRoleRecord(row: repo.RoleRecordRow): RoleRecord {
  const r = row.role;
  return {
    id: r.id,
    name: r.name,
    title: r.title,
    partner_type: (r.partnerType as RoleRecord['partner_type']) ?? null,
    can_register: r.canRegister,
    can_edit_commissions: r.canEditCommissions,
    assign_on_registration: r.assignOnRegistration,
    require_two_factor: r.requireTwoFactor,
    priority: r.priority,
    permissions: row.permissions,
    user_count: row.userCount,
  };
}

const roleSnapshot = (record: RoleRecord) => {
  const { user_count: _ignored, ...rest } = record;
  return rest;
};

export async function listRoles(deps: Deps, query: ListRolesQuery) {
  const result = await repo.listRoles(deps.db, pageOf(query, query.sort_by));
  return { data: result.data.map(toRoleRecord), count: result.count };
}

export async function getRole(deps: Deps, id: string): Promise<RoleRecord> {
  const row = await repo.findRoleRecord(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toRoleRecord(row);
}

async function resolvePermissions(deps: Deps, titles: string[]) {
  const unique = [...new Set(titles)];
  const found = await repo.findPermissionsByTitle(deps.db, unique);
  if (found.length !== unique.length) {
    const known = new Set(found.map((p) => p.title));
    throw badRequest(`Unknown permission: ${unique.filter((t) => !known.has(t)).join(', ')}`, 'permissions');
  }
  return found;
}

const roleNameTaken = () =>
  new AppError('CONFLICT', {
    message: 'A role with this name exists already',
    errors: { name: ['A role with this name exists already'] },
  });

export async function createRole(deps: Deps, actor: Actor, body: CreateRoleBody) {
  if (await repo.findRoleByName(deps.db, body.name)) throw roleNameTaken();
  const granted = await resolvePermissions(deps, body.permissions ?? []);
  assertMayGrant(
    actor,
    granted.map((p) => p.title),
  );
  assertSelfServiceRole(
    {
      name: body.name,
      canRegister: body.can_register ?? false,
      assignOnRegistration: body.assign_on_registration ?? false,
    },
    granted.map((p) => p.title),
  );
  const id = await deps.db.transaction(async (tx) => {
    const role = await repo.insertRole(tx, {
      name: body.name,
      title: body.title,
      partnerType: body.partner_type ?? null,
      canRegister: body.can_register ?? false,
      canEditCommissions: body.can_edit_commissions ?? false,
      assignOnRegistration: body.assign_on_registration ?? false,
      requireTwoFactor: body.require_two_factor ?? false,
      priority: body.priority ?? 100,
    });
    await repo.replaceRolePermissions(
      tx,
      role.id,
      granted.map((p) => p.id),
    );
    const created = toRoleRecord((await repo.findRoleRecord(tx, role.id))!);
    await recordAudit(tx, actor, { entity: 'role', entityId: role.id, action: 'create', after: roleSnapshot(created) });
    return role.id;
  });
  return { message: 'The role was created', data: await getRole(deps, id) };
}

export async function updateRole(deps: Deps, actor: Actor, body: UpdateRoleBody) {
  const current = await getRole(deps, body.id);
  assertMayChangeRole(actor, current);
  const adminRole = current.name === ADMIN_ROLE;
  if (adminRole && body.name !== undefined && body.name !== current.name) {
    throw badRequest('The administrator role cannot be renamed', 'name');
  }
  if (adminRole && body.permissions !== undefined) {
    throw badRequest('The administrator role always holds every permission', 'permissions');
  }
  if (body.name !== undefined && body.name !== current.name && (await repo.findRoleByName(deps.db, body.name))) {
    throw roleNameTaken();
  }
  const granted = body.permissions ? await resolvePermissions(deps, body.permissions) : undefined;
  if (granted) {
    assertMayGrant(
      actor,
      granted.map((p) => p.title).filter((t) => !current.permissions.includes(t)),
    );
  }
  assertSelfServiceRole(
    {
      name: body.name ?? current.name,
      canRegister: body.can_register ?? current.can_register,
      assignOnRegistration: body.assign_on_registration ?? current.assign_on_registration,
    },
    granted ? granted.map((p) => p.title) : current.permissions,
  );
  await deps.db.transaction(async (tx) => {
    await repo.updateRole(tx, current.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.partner_type !== undefined ? { partnerType: body.partner_type } : {}),
      ...(body.can_register !== undefined ? { canRegister: body.can_register } : {}),
      ...(body.can_edit_commissions !== undefined ? { canEditCommissions: body.can_edit_commissions } : {}),
      ...(body.assign_on_registration !== undefined ? { assignOnRegistration: body.assign_on_registration } : {}),
      ...(body.require_two_factor !== undefined ? { requireTwoFactor: body.require_two_factor } : {}),
      ...(body.priority !== undefined ? { priority: body.priority } : {}),
    });
    if (granted) {
      await repo.replaceRolePermissions(
        tx,
        current.id,
        granted.map((p) => p.id),
      );
    }
    const updated = toRoleRecord((await repo.findRoleRecord(tx, current.id))!);
    await recordAudit(tx, actor, {
      entity: 'role',
      entityId: current.id,
      action: 'update',
      before: roleSnapshot(current),
      after: roleSnapshot(updated),
    });
  });
  return { message: 'The role was updated', data: await getRole(deps, current.id) };
}

export async function deleteRole(deps: Deps, actor: Actor, id: string) {
  const current = await getRole(deps, id);
  assertMayChangeRole(actor, current);
  if (current.name === ADMIN_ROLE) throw badRequest('The administrator role cannot be deleted');
  if (current.user_count > 0) {
    throw new AppError('CONFLICT', {
      message: `The role is still assigned to ${current.user_count} user(s); remove it from them first`,
    });
  }
  await deps.db.transaction(async (tx) => {
    await repo.deleteRole(tx, id);
    await recordAudit(tx, actor, { entity: 'role', entityId: id, action: 'delete', before: roleSnapshot(current) });
  });
  return { message: 'The role was deleted' };
}

// Permissions

const BUILT_IN = new Set<string>(PERMISSION_TITLES);

function toPermissionRecord(p: { id: string; title: string; value: string; scope: string; grouping: string | null }) {
  return {
    id: p.id,
    title: p.title,
    value: p.value,
    scope: p.scope,
    grouping: p.grouping,
    built_in: BUILT_IN.has(p.title),
  } satisfies PermissionRecord;
}

const permissionSnapshot = (p: PermissionRecord) => ({
  title: p.title,
  value: p.value,
  scope: p.scope,
  grouping: p.grouping,
});

export async function listPermissions(
  deps: Deps,
  query: ListQuery & { sort_by?: string | undefined },
): Promise<{ data: PermissionRecord[]; count: number }> {
  const result = await repo.listPermissionsSorted(deps.db, pageOf(query, query.sort_by ?? 'scope'));
  return { data: result.data.map(toPermissionRecord), count: result.count };
}

export async function getPermission(deps: Deps, id: string): Promise<PermissionRecord> {
  const row = await repo.findPermission(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toPermissionRecord(row);
}

function permissionClash(existing: { title: string }, title: string) {
  const field = existing.title === title ? 'title' : 'value';
  const message =
    field === 'title' ? 'A permission with this title exists already' : 'This scope holds this value already';
  return new AppError('CONFLICT', { message, errors: { [field]: [message] } });
}

export async function listGroupings(deps: Deps) {
  return repo.listGroupings(deps.db);
}

export async function createPermission(deps: Deps, actor: Actor, body: CreatePermissionBody) {
  const clash = await repo.findPermissionClash(deps.db, body);
  if (clash) throw permissionClash(clash, body.title);
  const created = await deps.db.transaction(async (tx) => {
    const row = toPermissionRecord(
      await repo.insertPermission(tx, {
        title: body.title,
        value: body.value,
        scope: body.scope,
        grouping: body.grouping || null,
      }),
    );
    await recordAudit(tx, actor, {
      entity: 'permission',
      entityId: row.id,
      action: 'create',
      after: permissionSnapshot(row),
    });
    return row;
  });
  return { message: 'The permission was created', data: created };
}

export async function updatePermission(deps: Deps, actor: Actor, body: UpdatePermissionBody) {
  const current = await getPermission(deps, body.id);
  const next = {
    title: body.title ?? current.title,
    value: body.value ?? current.value,
    scope: body.scope ?? current.scope,
    grouping: body.grouping !== undefined ? body.grouping || null : current.grouping,
  };
  if (
    current.built_in &&
    (next.title !== current.title || next.value !== current.value || next.scope !== current.scope)
  ) {
    throw badRequest('A built-in permission keeps its title, value and scope; only its grouping can change');
  }
  if (next.title !== current.title || next.value !== current.value || next.scope !== current.scope) {
    const clash = await repo.findPermissionClash(deps.db, next);
    if (clash && clash.id !== current.id) throw permissionClash(clash, next.title);
  }
  const updated = await deps.db.transaction(async (tx) => {
    const row = toPermissionRecord(await repo.updatePermission(tx, current.id, next));
    await recordAudit(tx, actor, {
      entity: 'permission',
      entityId: row.id,
      action: 'update',
      before: permissionSnapshot(current),
      after: permissionSnapshot(row),
    });
    return row;
  });
  return { message: 'The permission was updated', data: updated };
}

export async function deletePermission(deps: Deps, actor: Actor, id: string) {
  const current = await getPermission(deps, id);
  if (current.built_in) throw badRequest('A built-in permission cannot be deleted');
  await deps.db.transaction(async (tx) => {
    await repo.deletePermission(tx, id);
    await recordAudit(tx, actor, {
      entity: 'permission',
      entityId: id,
      action: 'delete',
      before: permissionSnapshot(current),
    });
  });
  return { message: 'The permission was deleted' };
}
