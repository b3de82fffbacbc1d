import type { CreatePermissionBody, PermissionRecord, UpdatePermissionBody } from '@cuspid/contracts';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import * as repo from './permissions.repository';

type ListQuery = {
  limit_start: number;
  limit_count: number;
  search?: string | undefined;
  sort_dir: 'asc' | 'desc';
  sort_by?: string | undefined;
};

const badRequest = (message: string) => new AppError('BAD_REQUEST', { message });

type PermissionRow = { id: string; title: string; value: string; scope: string; grouping: string | null };

/** A permission as the wire carries it: built in when an area declares it (`defineModule({ permissions })`). */
function toPermissionRecord(deps: Deps, p: PermissionRow) {
  return {
    id: p.id,
    title: p.title,
    value: p.value,
    scope: p.scope,
    grouping: p.grouping,
    built_in: deps.declared.permissions.some((declared) => declared.title === p.title),
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
  query: ListQuery,
): Promise<{ data: PermissionRecord[]; count: number }> {
  const result = await repo.listPermissionsSorted(deps.db, {
    offset: query.limit_start,
    limit: query.limit_count,
    search: query.search || undefined,
    sortDir: query.sort_dir,
    sortBy: query.sort_by ?? 'scope',
  });
  return { data: result.data.map((row) => toPermissionRecord(deps, row)), count: result.count };
}

export async function getPermission(deps: Deps, id: string): Promise<PermissionRecord> {
  const row = await repo.findPermission(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toPermissionRecord(deps, row);
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
      deps,
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
    const row = toPermissionRecord(deps, await repo.updatePermission(tx, current.id, next));
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
