import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';

/**
 * Scan uploads (ADR 0100): one row per tus upload, from its creation (`uploading`, bytes arriving in
 * the staging folder) to `stored` (copied once into storage, with the server's sha256), `verified`
 * (the browser's sha256 matched) or `failed`, and finally `consumed` (a case took it); or `refused` when
 * its last byte arrived (no scan that can be processed: never stored). Unfinished, refused and
 * never-consumed uploads are removed by the hourly clean-up job.
 */
export const uploads = backend.table(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes announced at creation (tus Upload-Length); the stored size once stored. */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The server's sha256 of the stored bytes (hex), once stored. */
    sha256: text('sha256'),
    /** Key of the stored object (`uploads/<companyId>/<uploadId>/<file name>`), once stored. */
    storageKey: text('storage_key'),
    status: text('status').notNull().default('uploading'),
    failureReason: text('failure_reason'),
    /** Why a refused upload is no scan, as the error it answers: its code and the values its message names. */
    refusal: jsonb('refusal').$type<{ code: string; params: Record<string, string | number> }>(),
    /** The tus upload's id in the staging folder (the file store's file name): the row's id. */
    tusId: text('tus_id').notNull(),
    /** The tus Upload-Metadata as sent (filename, filetype), for the record. */
    tusMetadata: text('tus_metadata'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_company_idx').on(t.companyId, t.createdAt),
    index('uploads_status_created_idx').on(t.status, t.createdAt),
    check(
      'uploads_status_check',
      sql`${t.status} in ('uploading', 'stored', 'verified', 'failed', 'refused', 'consumed')`,
    ),
    check('uploads_size_check', sql`${t.size} >= 0`),
  ],
);
