import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { cases } from '../cases/cases.schema';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';

/**
 * Support tickets (spec section 3: number, priority, status, reporter, assignee, attachments, comments; issue 17,
 * ADR 0112). A ticket belongs to one company (the company scope of every query); its reporter is a user of that
 * company (or staff opening it on the company's behalf), its assignee a back-office user.
 */
export const tickets = backend.table(
  'tickets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** `T-<year>-<sequence>`, from ticket_number_counters; unique and never reused. */
    number: text('number').notNull(),
    numberYear: smallint('number_year').notNull(),
    numberSequence: integer('number_sequence').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A case of the ticket's own company it is about (optional). */
    caseId: uuid('case_id').references((): AnyPgColumn => cases.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('new'),
    reporterId: uuid('reporter_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_number_idx').on(t.number),
    index('tickets_company_created_idx').on(t.companyId, t.createdAt),
    index('tickets_status_created_idx').on(t.status, t.createdAt),
    index('tickets_assignee_idx').on(t.assigneeId),
    index('tickets_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')),
    index('tickets_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    check('tickets_priority_check', sql`${t.priority} in ('high', 'normal', 'low')`),
    check('tickets_status_check', sql`${t.status} in ('new', 'open', 'pending', 'waitingForResponse', 'resolved')`),
  ],
);

/** One counter row per calendar year, locked by the transaction that numbers a ticket (like invoice numbers). */
export const ticketNumberCounters = backend.table('ticket_number_counters', {
  year: smallint('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * A ticket's comments: public answers (the customer reads them) and internal notes (`is_internal`, back office
 * only: every query a customer's call runs filters them out, ADR 0112).
 */
export const ticketComments = backend.table(
  'ticket_comments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Written by the back office (shown as the support team's answer). */
    byStaff: boolean('by_staff').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author last changed the text (PUT /ticket/comments/{id}); null when never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('ticket_comments_ticket_created_idx').on(t.ticketId, t.createdAt),
    // Only the back office writes internal notes.
    check('ticket_comments_internal_by_staff_check', sql`not ${t.isInternal} or ${t.byStaff}`),
  ],
);

/** Files of a ticket: of its opening message (no comment) or of one comment (internal when the comment is). */
export const ticketAttachments = backend.table(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references((): AnyPgColumn => ticketComments.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order of writing: the files of one message share their creation time. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('ticket_attachments_ticket_idx').on(t.ticketId),
    index('ticket_attachments_comment_idx').on(t.commentId),
  ],
);

/**
 * A ticket's history: who changed what, when (`kind`: created, status, priority, assignee, case, subject, answer,
 * note, attachment-removed, comment-edited, comment-deleted). `is_internal` entries (internal notes, their files
 * and changes) are shown to the back office only.
 */
export const ticketEvents = backend.table(
  'ticket_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order of writing: the entries of one change share their creation time. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('ticket_events_ticket_created_idx').on(t.ticketId, t.createdAt)],
);
