import { allDone } from '@cuspid/contracts';
import type { Unit, unitInputSchema, unitUpdateSchema } from '@cuspid/contracts/companies';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { filterVisibleCompanyIds } from '../companies';
import { allMembersOfCompany, loopsBack, parentInCompany } from './units.policy';
import * as repo from './units.repository';

type UnitInput = z.infer<typeof unitInputSchema>;
type UnitUpdate = z.infer<typeof unitUpdateSchema>;

async function toUnits(db: DbOrTx, rows: repo.UnitRow[]): Promise<Unit[]> {
  const members = await repo.listUnitUserIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    company_id: r.companyId,
    parent_id: r.parentId,
    name: r.name,
    description: r.description,
    user_ids: members.filter((m) => m.unitId === r.id).map((m) => m.userId),
    created_at: r.createdAt.toISOString(),
  }));
}

async function findUnit(db: DbOrTx, actor: Actor, id: string, lock?: 'update'): Promise<repo.UnitRow> {
  const [unit] = await repo.findVisibleUnits(db, actor, [id], lock);
  if (!unit) throw notFound();
  return unit;
}

type UnitRefusal =
  | 'UNIT_COMPANY_NOT_FOUND'
  | 'UNIT_PARENT_NOT_FOUND'
  | 'UNIT_PARENT_CYCLE'
  | 'UNIT_MEMBER_OTHER_COMPANY';

/** The refusal, named on its form field too. */
const fieldError = (field: string, code: UnitRefusal) =>
  new AppError(code, { errors: { [field]: [new AppError(code).message] } });

async function assertParent(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  parentId: string | null | undefined,
  unitId?: string,
) {
  if (!parentId) return;
  const [parent] = await repo.findVisibleUnits(db, actor, [parentId]);
  if (!parentInCompany(companyId, parent)) throw fieldError('parent_id', 'UNIT_PARENT_NOT_FOUND');
  if (unitId && loopsBack(await repo.findSubtreeIds(db, unitId), parentId)) {
    throw fieldError('parent_id', 'UNIT_PARENT_CYCLE');
  }
}

async function assertMembers(db: DbOrTx, companyId: string, userIds: string[] | undefined) {
  if (!userIds?.length) return;
  const found = await repo.findCompanyUserIds(db, companyId, [...new Set(userIds)]);
  if (!allMembersOfCompany(userIds, found)) throw fieldError('user_ids', 'UNIT_MEMBER_OTHER_COMPANY');
}

export async function listUnits(
  deps: Deps,
  actor: Actor,
  query: { company_id?: string; search?: string; page: number; per_page: number; sort_dir: 'asc' | 'desc' },
) {
  const { data, total } = await repo.listUnits(deps.db, actor, query);
  return { data: await toUnits(deps.db, data), total };
}

/** The unit tree of one company (default: the caller's), as a flat list with parent ids. */
export async function showUnitTree(deps: Deps, actor: Actor, companyId = actor.companyId) {
  if (!(await filterVisibleCompanyIds(deps.db, actor, [companyId])).length) throw notFound();
  const rows = await repo.listCompanyUnits(deps.db, actor, companyId);
  return { data: await toUnits(deps.db, rows) };
}

export async function getUnit(deps: Deps, actor: Actor, id: string): Promise<Unit> {
  const unit = await findUnit(deps.db, actor, id);
  const [result] = await toUnits(deps.db, [unit]);
  return result!;
}

export async function createUnit(deps: Deps, actor: Actor, body: UnitInput): Promise<Unit> {
  const companyId = body.company_id ?? actor.companyId;
  return deps.db.transaction(async (tx) => {
    if (!(await filterVisibleCompanyIds(tx, actor, [companyId])).length) {
      throw fieldError('company_id', 'UNIT_COMPANY_NOT_FOUND');
    }
    await assertParent(tx, actor, companyId, body.parent_id);
    await assertMembers(tx, companyId, body.user_ids);
    const unit = await repo.insertUnit(tx, {
      companyId,
      parentId: body.parent_id ?? null,
      name: body.name,
      description: body.description,
    });
    if (body.user_ids) await repo.replaceUnitUsers(tx, actor, unit.id, [...new Set(body.user_ids)]);
    const [result] = await toUnits(tx, [unit]);
    await recordAudit(tx, actor, { entity: 'unit', entityId: unit.id, companyId, action: 'create', after: result });
    return result!;
  });
}

export async function updateUnit(deps: Deps, actor: Actor, id: string, body: UnitUpdate): Promise<Unit> {
  return deps.db.transaction(async (tx) => {
    // Locked: the checks below and the write see the same unit.
    const unit = await findUnit(tx, actor, id, 'update');
    const [before] = await toUnits(tx, [unit]);
    await assertParent(tx, actor, unit.companyId, body.parent_id, id);
    await assertMembers(tx, unit.companyId, body.user_ids);
    const written = await repo.updateUnit(tx, actor, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.parent_id !== undefined ? { parentId: body.parent_id } : {}),
    });
    if (!written) throw notFound();
    if (body.user_ids) await repo.replaceUnitUsers(tx, actor, id, [...new Set(body.user_ids)]);
    const [result] = await toUnits(tx, [await findUnit(tx, actor, id)]);
    await recordAudit(tx, actor, {
      entity: 'unit',
      entityId: id,
      companyId: unit.companyId,
      action: 'update',
      before,
      after: result,
    });
    return result!;
  });
}

/**
 * Deletes the units (with their sub-units); all or nothing: one unknown id answers 404 and deletes none.
 * The answer lists each named id (the bulk result shape, ADR 0038).
 */
export async function deleteUnits(deps: Deps, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  await deps.db.transaction(async (tx) => {
    const found = await repo.findVisibleUnits(tx, actor, unique, 'update');
    if (found.length !== unique.length) throw notFound();
    // Sub-units go with their parents: each deleted unit gets its own entry.
    const subtree = new Set<string>();
    for (const id of unique) for (const sub of await repo.findSubtreeIds(tx, id)) subtree.add(sub);
    const deleted = await toUnits(tx, await repo.findVisibleUnits(tx, actor, [...subtree]));
    // The scope is part of the delete; a unit that left the actor's reach meanwhile refuses the whole call.
    if ((await repo.deleteUnits(tx, actor, unique)) !== unique.length) throw notFound();
    for (const before of deleted) {
      await recordAudit(tx, actor, {
        entity: 'unit',
        entityId: before.id,
        companyId: before.company_id,
        action: 'delete',
        before,
      });
    }
  });
  return {
    message: unique.length === 1 ? 'The unit was deleted' : `${unique.length} units were deleted`,
    ...allDone(unique),
  };
}

export async function detachUser(deps: Deps, actor: Actor, unitId: string, userId: string) {
  await deps.db.transaction(async (tx) => {
    const unit = await findUnit(tx, actor, unitId, 'update');
    const [before] = await toUnits(tx, [unit]);
    if (!(await repo.detachUser(tx, actor, unitId, userId))) throw notFound();
    const [after] = await toUnits(tx, [unit]);
    await recordAudit(tx, actor, {
      entity: 'unit',
      entityId: unitId,
      companyId: unit.companyId,
      action: 'update',
      before,
      after,
    });
  });
  return { message: 'The user was removed from the unit' };
}
