import type { ReminderLevelListQuery } from '@cuspid/contracts/reminder-levels';
import { and, asc, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { invoiceReminderLevels } from './reminder-levels.schema';

export type ReminderLevelRow = typeof invoiceReminderLevels.$inferSelect;

const SORT = {
  level: invoiceReminderLevels.level,
  level_name: invoiceReminderLevels.levelName,
  period_days: invoiceReminderLevels.periodDays,
  reminder_fee: invoiceReminderLevels.reminderFeeCents,
} as const;

export async function listLevels(db: DbOrTx, query: ReminderLevelListQuery) {
  const search = query.search ? likePattern(query.search) : undefined;
  const where = search ? ilike(invoiceReminderLevels.levelName, search) : undefined;
  const order = query.sort_dir === 'desc' ? desc : asc;
  return listPage(
    db,
    db
      .select()
      .from(invoiceReminderLevels)
      .where(where)
      .orderBy(order(SORT[query.sort_by]), asc(invoiceReminderLevels.level))
      .$dynamic(),
    db.select(oneRow).from(invoiceReminderLevels).where(where).$dynamic(),
    backendPage(query),
  );
}

/** Every level in escalation order (the dunning job walks them). */
export async function allLevels(db: DbOrTx): Promise<ReminderLevelRow[]> {
  return db.select().from(invoiceReminderLevels).orderBy(asc(invoiceReminderLevels.level));
}

export async function findLevel(db: DbOrTx, id: string, lock = false): Promise<ReminderLevelRow | undefined> {
  const select = db.select().from(invoiceReminderLevels).where(eq(invoiceReminderLevels.id, id));
  const [row] = lock ? await select.for('update') : await select;
  return row;
}

/** Whether another level than `exceptId` holds `level`. */
export async function levelTaken(db: DbOrTx, level: number, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select(oneRow)
    .from(invoiceReminderLevels)
    .where(and(eq(invoiceReminderLevels.level, level), exceptId ? ne(invoiceReminderLevels.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The level after the last one. */
export async function nextLevel(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${invoiceReminderLevels.level}), 0) + 1`.mapWith(Number) })
    .from(invoiceReminderLevels);
  return row?.next ?? 1;
}

export async function insertLevel(db: DbOrTx, values: typeof invoiceReminderLevels.$inferInsert) {
  const [row] = await db.insert(invoiceReminderLevels).values(values).returning();
  return row!;
}

export async function updateLevel(db: DbOrTx, id: string, values: Partial<typeof invoiceReminderLevels.$inferInsert>) {
  const [row] = await db
    .update(invoiceReminderLevels)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoiceReminderLevels.id, id))
    .returning();
  return row!;
}

export async function deleteLevel(db: DbOrTx, id: string): Promise<void> {
  await db.delete(invoiceReminderLevels).where(eq(invoiceReminderLevels.id, id));
}

/**
 * Serialises changes of the levels' order until the transaction ends: two levels created at once would otherwise
 * both take the same "after the last one" (the unique index would refuse the second with a database error).
 */
export async function lockLevelOrder(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('backend.invoice_reminder_levels'))`);
}
