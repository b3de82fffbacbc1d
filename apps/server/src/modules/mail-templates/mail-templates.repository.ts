import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { listPage, oneRow } from '../../db/paging';
import { searchMatch } from '../../db/search-match';
import type { MailDeclaration } from '../../lib/declarations';
import { mailTemplateAssignments } from '../mail-template-assignments/mail-template-assignments.schema';
import { mailTemplates } from './mail-templates.schema';

export type MailTemplateRow = typeof mailTemplates.$inferSelect;
export type NewMailTemplateRow = typeof mailTemplates.$inferInsert;

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
    db,
    db.select().from(mailTemplates).where(where).orderBy(mailTemplates.name, mailTemplates.id).$dynamic(),
    db.select(oneRow).from(mailTemplates).where(where).$dynamic(),
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

/**
 * Idempotent, run at every start: each declared event (`defineModule({ mail })`) gets its default template once (an edited default is
 * never overwritten) and an assignment to it when the event has none yet.
 */
export async function seedMailTemplates(db: DbOrTx, mails: readonly MailDeclaration[]): Promise<void> {
  for (const { event, ...seed } of mails) {
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

/** The global search's mail templates (ADR 0080): the list's match on name and event (templates belong to no company). */
export function searchTemplates(db: DbOrTx, term: string, limit: number) {
  const match = searchMatch(term, [mailTemplates.name], [mailTemplates.event]);
  return db
    .select({ id: mailTemplates.id, name: mailTemplates.name, event: mailTemplates.event })
    .from(mailTemplates)
    .where(match.where)
    .orderBy(match.rank, mailTemplates.name, mailTemplates.id)
    .limit(limit);
}
