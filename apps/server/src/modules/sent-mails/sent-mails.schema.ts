import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../../db/schema/namespaces';
import { mailTemplates } from '../mail-templates/mail-templates.schema';

/** A file sent with a mail (a report's CSV): its name, type and content, base64-encoded. */
export type StoredMailAttachment = { filename: string; contentType: string; content: string };

/**
 * The durable outbox: one row per mail, written in the transaction of the change that causes it.
 * A job renders and delivers it; the row shows queued / sending / sent / failed, attempts and the
 * last error, and keeps what was sent for the built-in sent-mail viewer.
 */
export const mailOutbox = mail.table(
  'outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    event: text('event'),
    templateId: uuid('template_id').references(() => mailTemplates.id, { onDelete: 'set null' }),
    /** The company the mail concerns (company users see their company's mails only). */
    companyId: uuid('company_id'),
    to: text('to').notNull(),
    language: text('language').notNull(),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    transport: text('transport').$type<'smtp' | 'viewer'>(),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    /** Files sent with the mail, kept until it is delivered (small reports only: the outbox is no file store). */
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>().notNull().default([]),
    /** When the current delivery attempt claimed the row (status sending). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_company_idx').on(t.companyId),
    index('mail_outbox_status_idx').on(t.status),
    // The sent-mail viewer's search (recipient, subject, event; ADR 0085) and its order, newest first.
    index('mail_outbox_to_trgm_idx').using('gin', t.to.op('gin_trgm_ops')),
    index('mail_outbox_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')),
    index('mail_outbox_event_trgm_idx').using('gin', t.event.op('gin_trgm_ops')),
  ],
);
