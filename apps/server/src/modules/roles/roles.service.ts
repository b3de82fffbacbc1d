import {
  ADMIN_ROLE,
  type CreateRoleBody,
  type ListRolesQuery,
  type RoleRecord,
  type UpdateRoleBody,
} from '@cuspid/contracts';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import { findPermissionsByTitle } from '../permissions';
import { assertMayGrant, assertSelfServiceRole, changeRolePolicy, roleChangeScope } from './roles.policy';
import * as repo from './roles.repository';

const badRequest = (message: string, field?: string) =>
  new AppError('BAD_REQUEST', { message, ...(field ? { errors: { [field]: [message] } } : {}) });

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
  const result = await repo.listRoles(deps.db, {
    offset: query.limit_start,
    limit: query.limit_count,
    search: query.search || undefined,
    sortDir: query.sort_dir,
    sortBy: query.sort_by,
  });
  return { data: result.data.map(toRoleRecord), count: result.count };
}

export async function getRole(deps: Deps, id: string): Promise<RoleRecord> {
  const row = await repo.findRoleRecord(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toRoleRecord(row);
}

async function resolvePermissions(deps: Deps, titles: string[]) {
  const unique = [...new Set(titles)];
  const found = await findPermissionsByTitle(deps.db, unique);
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
    deps.declared.permissions,
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
  const current = authorize(actor, changeRolePolicy, await getRole(deps, body.id));
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
    deps.declared.permissions,
  );
  await deps.db.transaction(async (tx) => {
    const changed = await repo.updateRole(
      tx,
      current.id,
      {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.partner_type !== undefined ? { partnerType: body.partner_type } : {}),
        ...(body.can_register !== undefined ? { canRegister: body.can_register } : {}),
        ...(body.can_edit_commissions !== undefined ? { canEditCommissions: body.can_edit_commissions } : {}),
        ...(body.assign_on_registration !== undefined ? { assignOnRegistration: body.assign_on_registration } : {}),
        ...(body.require_two_factor !== undefined ? { requireTwoFactor: body.require_two_factor } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
      },
      roleChangeScope(actor),
    );
    // The role was deleted, or given a permission the actor lacks, since it was read.
    if (!changed) throw new AppError('NOT_FOUND');
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
  const current = authorize(actor, changeRolePolicy, await getRole(deps, id));
  if (current.name === ADMIN_ROLE) throw badRequest('The administrator role cannot be deleted');
  if (current.user_count > 0) {
    throw new AppError('CONFLICT', {
      message: `The role is still assigned to ${current.user_count} user(s); remove it from them first`,
    });
  }
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteRole(tx, id, roleChangeScope(actor)))) throw new AppError('NOT_FOUND');
    await recordAudit(tx, actor, { entity: 'role', entityId: id, action: 'delete', before: roleSnapshot(current) });
  });
  return { message: 'The role was deleted' };
}
