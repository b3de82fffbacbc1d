import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';

/**
 * Which document template serves which generated document (spec: /document-assignment). One row per
 * document type that has a template; a type without a row has none. The template lives in the document
 * service (documents.files, kind 'template'); no foreign key crosses services, the service checks it.
 */
export const documentAssignments = backend.table('document_assignments', {
  documentType: text('document_type').primaryKey(),
  templateId: uuid('template_id').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
