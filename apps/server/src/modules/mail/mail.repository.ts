import { and, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { listPage } from '../../db/paging';
import { mailOutbox, mailTemplateAssignments, mailTemplates } from '../../db/schema';
import { DEFAULT_MAIL_TEMPLATES } from './mail.seed';

export type MailTemplateRow = typeof mailTemplates.$inferSelect;
export type NewMailTemplateRow = typeof mailTemplates.$inferInsert;
export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

// Templates

export async function listTemplates(
  db: DbOrTx,
  options: { offset: number; limit: number; search?: string; event?: string },
) {
  const conditions: (SQL | undefined)[] = [];
  if (options.search) {
    conditions.push(
      or(
        sql`${mailTemplates.name} ilike ${likePattern(options.search)}`,
        sql`${mailTemplates.event} ilike ${likePattern(options.search)}`,
      ),
    );
  }
  if (options.event) conditions.push(eq(mailTemplates.event, options.event));
  const where = and(...conditions);
  const { data, total } = await listPage(
    db.select().from(mailTemplates).where(where).orderBy(mailTemplates.name, mailTemplates.id).$dynamic(),
    db.select({ count: count() }).from(mailTemplates).where(where),
    options,
  );
  return { data, count: total };
}

export async function findTemplate(db: DbOrTx, id: string): Promise<MailTemplateRow | undefined> {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.id, id));
  return row;
}

export async function insertTemplate(db: DbOrTx, values: NewMailTemplateRow): Promise<MailTemplateRow> {
  const [row] = await db.insert(mailTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: DbOrTx,
  id: string,
  values: Partial<NewMailTemplateRow>,
): Promise<MailTemplateRow | undefined> {
  const [row] = await db
    .update(mailTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mailTemplates.id, id))
    .returning();
  return row;
}

export async function deleteTemplate(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(mailTemplates).where(eq(mailTemplates.id, id)).returning({ id: mailTemplates.id });
  return rows.length > 0;
}

/** Events whose assignment points at the template. */
export async function eventsAssignedTo(db: DbOrTx, templateId: string): Promise<string[]> {
  const rows = await db
    .select({ event: mailTemplateAssignments.event })
    .from(mailTemplateAssignments)
    .where(eq(mailTemplateAssignments.templateId, templateId));
  return rows.map((r) => r.event);
}

/** The template an event uses: its assignment, else the product's default template for the event. */
export async function findTemplateForEvent(db: DbOrTx, event: string): Promise<MailTemplateRow | undefined> {
  const [assigned] = await db
    .select({ template: mailTemplates })
    .from(mailTemplateAssignments)
    .innerJoin(mailTemplates, eq(mailTemplates.id, mailTemplateAssignments.templateId))
    .where(eq(mailTemplateAssignments.event, event));
  if (assigned) return assigned.template;
  const [fallback] = await db
    .select()
    .from(mailTemplates)
    .where(eq(mailTemplates.event, event))
    .orderBy(desc(mailTemplates.isDefault), mailTemplates.createdAt)
    .limit(1);
  return fallback;
}

// Outbox

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
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).$dynamic(),
    db.select({ count: count() }).from(mailOutbox).where(where),
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

/**
 * Idempotent, run at every start: each event gets its default template once (an edited default is
 * never overwritten) and an assignment to it when the event has none yet.
 */
export async function seedMailTemplates(db: DbOrTx): Promise<void> {
  for (const [event, seed] of Object.entries(DEFAULT_MAIL_TEMPLATES)) {
    const [existing] = await db
      .select({ id: mailTemplates.id })
      .from(mailTemplates)
      .where(and(eq(mailTemplates.event, event), eq(mailTemplates.isDefault, true)))
      .limit(1);
    const templateId =
      existing?.id ??
      (
        await db
          .insert(mailTemplates)
          .values({ name: seed.name, event, contents: seed.contents, variables: seed.variables, isDefault: true })
          .returning({ id: mailTemplates.id })
      )[0]!.id;
    await db.insert(mailTemplateAssignments).values({ event, templateId }).onConflictDoNothing();
  }
}
