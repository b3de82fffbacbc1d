import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailTemplates } from '../mail-templates/mail-templates.schema';
import { mailTemplateAssignments } from './mail-template-assignments.schema';

/** Every stored assignment with its template's name. */
export async function listAssignments(db: DbOrTx) {
  return db
    .select({
      event: mailTemplateAssignments.event,
      templateId: mailTemplateAssignments.templateId,
      templateName: mailTemplates.name,
      updatedAt: mailTemplateAssignments.updatedAt,
    })
    .from(mailTemplateAssignments)
    .leftJoin(mailTemplates, eq(mailTemplates.id, mailTemplateAssignments.templateId));
}

export async function existingTemplateIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: mailTemplates.id }).from(mailTemplates).where(inArray(mailTemplates.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function upsertAssignments(db: DbOrTx, rows: { event: string; templateId: string | null }[]) {
  await db
    .insert(mailTemplateAssignments)
    .values(rows.map((r) => ({ ...r, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: mailTemplateAssignments.event,
      set: { templateId: sql`excluded.template_id`, updatedAt: sql`excluded.updated_at` },
    });
}
