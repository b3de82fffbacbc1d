import { and, asc, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';
import { units, unitUsers } from './units.schema';

export type UnitRow = typeof units.$inferSelect;

const visible = (actor: Actor) => companyScope(actor, units.companyId);

function withLiveCompany(db: DbOrTx) {
  return db
    .select({ unit: units })
    .from(units)
    .innerJoin(companies, and(eq(companies.id, units.companyId), isNull(companies.deletedAt)));
}

export async function listUnits(
  db: DbOrTx,
  actor: Actor,
  query: { company_id?: string; search?: string; page: number; per_page: number; sort_dir: 'asc' | 'desc' },
) {
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    visible(actor),
    isNull(companies.deletedAt),
    query.company_id ? eq(units.companyId, query.company_id) : undefined,
    search ? ilike(units.name, search) : undefined,
  );
  const order = query.sort_dir === 'desc' ? desc(units.name) : asc(units.name);
  const { data: rows, total } = await listPage(
    db,
    withLiveCompany(db).where(where).orderBy(order, asc(units.id)).$dynamic(),
    db.select(oneRow).from(units).innerJoin(companies, eq(companies.id, units.companyId)).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: rows.map((r) => r.unit), total };
}

/** Every unit of one company, parents before children (for the tree). */
export async function listCompanyUnits(db: DbOrTx, actor: Actor, companyId: string): Promise<UnitRow[]> {
  const rows = await withLiveCompany(db)
    .where(and(eq(units.companyId, companyId), visible(actor)))
    .orderBy(asc(units.name), asc(units.id));
  return rows.map((r) => r.unit);
}

/** Units of live companies in the actor's scope; `lock` holds them until the transaction ends. */
export async function findVisibleUnits(db: DbOrTx, actor: Actor, ids: string[], lock?: 'update'): Promise<UnitRow[]> {
  if (!ids.length) return [];
  // Locked apart from the read: FOR UPDATE cannot name a schema-qualified table of the join.
  if (lock)
    await db
      .select({ id: units.id })
      .from(units)
      .where(and(inArray(units.id, ids), visible(actor)))
      .for(lock);
  const rows = await withLiveCompany(db).where(and(inArray(units.id, ids), visible(actor)));
  return rows.map((r) => r.unit);
}

export async function insertUnit(db: DbOrTx, values: typeof units.$inferInsert): Promise<UnitRow> {
  const [row] = await db.insert(units).values(values).returning();
  return row!;
}

/** Updates a unit in the actor's scope (the scope is part of the statement); false when none matched. */
export async function updateUnit(
  db: DbOrTx,
  actor: Actor,
  id: string,
  values: Partial<typeof units.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(units)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(units.id, id), visible(actor)))
    .returning({ id: units.id });
  return rows.length > 0;
}

/**
 * Deletes units in the actor's scope; their sub-units go with them (the tree is one company's structure).
 * Answers how many of the named units were deleted.
 */
export async function deleteUnits(db: DbOrTx, actor: Actor, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .delete(units)
    .where(and(inArray(units.id, ids), visible(actor)))
    .returning({ id: units.id });
  return rows.length;
}

/** A condition on a unit id column: the unit is in the actor's scope (none for staff). For writes to members. */
function unitInScope(actor: Actor, unitIdColumn: typeof unitUsers.unitId): SQL | undefined {
  const scope = visible(actor);
  return scope && sql`${unitIdColumn} in (select ${units.id} from ${units} where ${scope})`;
}

/** The unit and every unit below it. */
export async function findSubtreeIds(db: DbOrTx, unitId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with recursive tree(id) as (
          select ${unitId}::uuid
          union
          select u.id from ${units} u join tree t on u.parent_id = t.id
        )
        select id from tree`,
  );
  return rows.map((r) => r.id);
}

export async function listUnitUserIds(db: DbOrTx, unitIds: string[]) {
  if (!unitIds.length) return [];
  return db
    .select({ unitId: unitUsers.unitId, userId: unitUsers.userId })
    .from(unitUsers)
    .where(inArray(unitUsers.unitId, unitIds))
    .orderBy(asc(unitUsers.userId));
}

/** Of the given user ids, the live users of the company. */
export async function findCompanyUserIds(db: DbOrTx, companyId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.companyId, companyId), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/** Replaces the members of a unit in the actor's scope (the scope is part of the delete). */
export async function replaceUnitUsers(db: DbOrTx, actor: Actor, unitId: string, userIds: string[]) {
  await db.delete(unitUsers).where(and(eq(unitUsers.unitId, unitId), unitInScope(actor, unitUsers.unitId)));
  if (userIds.length) await db.insert(unitUsers).values(userIds.map((userId) => ({ unitId, userId })));
}

/** Removes a member from a unit in the actor's scope; false when nothing matched. */
export async function detachUser(db: DbOrTx, actor: Actor, unitId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(unitUsers)
    .where(and(eq(unitUsers.unitId, unitId), eq(unitUsers.userId, userId), unitInScope(actor, unitUsers.unitId)))
    .returning({ unitId: unitUsers.unitId });
  return deleted.length > 0;
}
