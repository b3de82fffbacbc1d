import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { documents } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';

/**
 * Every stored file of the product: plain files (attachments, logos, documents) and DOCX templates.
 * A template is a file with kind 'template' plus a display name and the variables found in it.
 * Rows are deleted for real; the stored object goes right after the row (see the ADR).
 */
export const files = documents.table(
  'files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** 'file' or 'template'. */
    kind: text('kind').notNull().default('file'),
    /** The file name as uploaded (sent back in Content-Disposition). */
    fileName: text('file_name').notNull(),
    /** Detected from the content, never taken from the client. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    etag: text('etag'),
    /** Templates: the name staff see, a description, and the variables docxtemplater found. */
    name: text('name'),
    description: text('description'),
    variables: jsonb('variables').$type<string[]>(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_company_kind_idx').on(t.companyId, t.kind, t.createdAt),
    uniqueIndex('files_storage_key_idx').on(t.storageKey),
  ],
);
