import { sql } from 'drizzle-orm';
import { boolean, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailTemplates } from './mail';

export const backend = pgSchema('backend');

/** Minimal now (what sign-in needs); the companies issue adds the fields of spec section 3. */
export const companies = backend.table('companies', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyName: text('company_name').notNull(),
  country: text('country'),
  /** The operator's own company: back-office staff belong to it and see every company. */
  isOperator: boolean('is_operator').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which mail template each event uses (main backend: /api/mail-template-assignments). */
export const mailTemplateAssignments = backend.table('mail_template_assignments', {
  /** `<module>.<event>`, one of MAIL_EVENTS. */
  event: text('event').primaryKey(),
  templateId: uuid('template_id').references(() => mailTemplates.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
