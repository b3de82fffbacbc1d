import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { listPage, oneRow } from '../../db/paging';
import { searchMatch } from '../../db/search-match';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { documentAssignments } from '../document-assignment/document-assignment.schema';
import { files } from './documents.schema';

export type FileRow = typeof files.$inferSelect;
export type FileKind = 'file' | 'template';

/** Rows of one kind the actor may see: their company's, or every company's for staff. */
const visible = (actor: Actor, kind: FileKind) => and(eq(files.kind, kind), companyScope(actor, files.companyId));

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function listFiles(
  db: DbOrTx,
  actor: Actor,
  kind: FileKind,
  options: { offset: number; limit: number; search?: string | undefined },
) {
  const pattern = options.search ? likePattern(options.search) : undefined;
  const where = and(
    visible(actor, kind),
    pattern
      ? kind === 'template'
        ? sql`(${files.name} ilike ${pattern} or ${files.fileName} ilike ${pattern})`
        : sql`${files.fileName} ilike ${pattern}`
      : undefined,
  );
  const { data, total } = await listPage(
    db,
    db.select().from(files).where(where).orderBy(desc(files.createdAt), desc(files.id)).$dynamic(),
    db.select(oneRow).from(files).where(where).$dynamic(),
    options,
  );
  return { data, count: total };
}

/** One file of any kind the actor may see (downloads serve templates too). */
export async function findVisibleFile(db: DbOrTx, actor: Actor, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), companyScope(actor, files.companyId)));
  return row;
}

export async function findFile(
  db: DbOrTx,
  actor: Actor,
  kind: FileKind,
  id: string,
  options: { lock?: boolean } = {},
): Promise<FileRow | undefined> {
  const query = db
    .select()
    .from(files)
    .where(and(eq(files.id, id), visible(actor, kind)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Templates the actor may see, share-locked until the transaction ends (a delete waits for it). */
export async function findTemplatesByIds(db: DbOrTx, actor: Actor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(and(inArray(files.id, ids), visible(actor, 'template')))
    .for('share');
}

export async function updateTemplate(
  db: DbOrTx,
  actor: Actor,
  id: string,
  values: { name: string; description?: string | null | undefined },
): Promise<FileRow | undefined> {
  const [row] = await db
    .update(files)
    .set({
      name: values.name,
      ...(values.description !== undefined ? { description: values.description || null } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(files.id, id), visible(actor, 'template')))
    .returning();
  return row;
}

export async function deleteFile(db: DbOrTx, actor: Actor, kind: FileKind, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.id, id), visible(actor, kind)))
    .returning();
  return row;
}

/**
 * Document types a template serves (a template in use cannot be deleted). Reads the assignment table of
 * the document-assignment module, which itself depends on this module for the templates.
 */
export async function documentTypesUsingTemplate(db: DbOrTx, templateId: string): Promise<string[]> {
  const rows = await db
    .select({ documentType: documentAssignments.documentType })
    .from(documentAssignments)
    .where(eq(documentAssignments.templateId, templateId));
  return rows.map((r) => r.documentType);
}

/** The template assigned to a document type, if any: the product's own documents use it. */
export async function findAssignedTemplate(db: DbOrTx, documentType: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select({ file: files })
    .from(documentAssignments)
    .innerJoin(files, eq(files.id, documentAssignments.templateId))
    .where(eq(documentAssignments.documentType, documentType));
  return row?.file;
}

/** The global search's document templates (ADR 0080): the list's scope and its match on name and file name. */
export function searchTemplates(db: DbOrTx, actor: Actor, term: string, limit: number) {
  const match = searchMatch(term, [files.name, files.fileName]);
  return db
    .select({ id: files.id, name: files.name, fileName: files.fileName })
    .from(files)
    .where(and(visible(actor, 'template'), match.where))
    .orderBy(match.rank, files.name, files.id)
    .limit(limit);
}
