import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage } from '../../db/paging';
import { companies, units, unitUsers, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';

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
    withLiveCompany(db).where(where).orderBy(order, asc(units.id)).$dynamic(),
    db.select({ count: count() }).from(units).innerJoin(companies, eq(companies.id, units.companyId)).where(where),
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

export async function findVisibleUnits(db: DbOrTx, actor: Actor, ids: string[]): Promise<UnitRow[]> {
  if (!ids.length) return [];
  const rows = await withLiveCompany(db).where(and(inArray(units.id, ids), visible(actor)));
  return rows.map((r) => r.unit);
}

export async function insertUnit(db: DbOrTx, values: typeof units.$inferInsert): Promise<UnitRow> {
  const [row] = await db.insert(units).values(values).returning();
  return row!;
}

export async function updateUnit(db: DbOrTx, id: string, values: Partial<typeof units.$inferInsert>) {
  await db
    .update(units)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(units.id, id));
}

/** Deletes units; their sub-units go with them (the tree is one company's structure). */
export async function deleteUnits(db: DbOrTx, ids: string[]) {
  if (!ids.length) return;
  await db.delete(units).where(inArray(units.id, ids));
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

export async function replaceUnitUsers(db: DbOrTx, unitId: string, userIds: string[]) {
  await db.delete(unitUsers).where(eq(unitUsers.unitId, unitId));
  if (userIds.length) await db.insert(unitUsers).values(userIds.map((userId) => ({ unitId, userId })));
}

export async function detachUser(db: DbOrTx, unitId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(unitUsers)
    .where(and(eq(unitUsers.unitId, unitId), eq(unitUsers.userId, userId)))
    .returning({ unitId: unitUsers.unitId });
  return deleted.length > 0;
}
