import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../documents/documents.schema';
import { documentAssignments } from './document-assignment.schema';

export async function listDocumentAssignments(db: DbOrTx) {
  return db
    .select({
      documentType: documentAssignments.documentType,
      templateId: documentAssignments.templateId,
      templateName: files.name,
    })
    .from(documentAssignments)
    .leftJoin(files, eq(files.id, documentAssignments.templateId));
}

export async function upsertDocumentAssignment(
  db: DbOrTx,
  values: { documentType: string; templateId: string; updatedBy: string },
) {
  await db
    .insert(documentAssignments)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: documentAssignments.documentType,
      set: { templateId: values.templateId, updatedBy: values.updatedBy, updatedAt: sql`now()` },
    });
}

export async function deleteDocumentAssignment(db: DbOrTx, documentType: string) {
  await db.delete(documentAssignments).where(eq(documentAssignments.documentType, documentType));
}
