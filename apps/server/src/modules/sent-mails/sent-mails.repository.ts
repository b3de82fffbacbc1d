import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { listPage, oneRow } from '../../db/paging';
import { mailOutbox } from './sent-mails.schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

export async function insertOutbox(db: DbOrTx, values: NewOutboxRow): Promise<OutboxRow> {
  const [row] = await db.insert(mailOutbox).values(values).returning();
  return row!;
}

export async function findOutbox(db: DbOrTx, id: string, scope?: SQL): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), scope));
  return row;
}

export async function listOutbox(
  db: DbOrTx,
  options: { offset: number; limit: number; search?: string; status?: string; scope?: SQL },
) {
  const conditions: (SQL | undefined)[] = [options.scope];
  if (options.search) {
    conditions.push(
      or(
        sql`${mailOutbox.to} ilike ${likePattern(options.search)}`,
        sql`${mailOutbox.subject} ilike ${likePattern(options.search)}`,
        sql`${mailOutbox.event} ilike ${likePattern(options.search)}`,
      ),
    );
  }
  if (options.status) conditions.push(eq(mailOutbox.status, options.status as OutboxRow['status']));
  const where = and(...conditions);
  const { data, total } = await listPage(
    db,
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).$dynamic(),
    db.select(oneRow).from(mailOutbox).where(where).$dynamic(),
    options,
  );
  return { data, count: total };
}

/**
 * Takes a mail for one delivery attempt. One statement, so of two attempts running at once
 * (a retried job beside a slow one) exactly one gets the row; a sent mail is never taken again.
 */
export async function claimOutbox(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, claimedAt: new Date() })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['queued', 'failed'])))
    .returning();
  return row;
}

/** Records the outcome of the attempt that holds the row (status sending). */
export async function finishOutbox(db: DbOrTx, id: string, values: Partial<NewOutboxRow>): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ ...values, claimedAt: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/**
 * An attempt that claimed the row and then stopped (crash, lost connection) leaves it in `sending`
 * with an unknown outcome: the SMTP server may have accepted it. It is marked failed, not sent again.
 */
export async function abandonStaleOutbox(db: DbOrTx, id: string, olderThan: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'failed',
      claimedAt: null,
      lastError: 'Delivery was interrupted; the mail may have been delivered, so it is not sent again automatically',
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedAt, olderThan)))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** Keeps the rendered mail on the row the current attempt holds. */
export async function finishOutboxContent(
  db: DbOrTx,
  id: string,
  content: { subject: string; html: string; text: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(content)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}
