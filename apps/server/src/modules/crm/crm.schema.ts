import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Who wrote a note or activity. `author_company_id` is the author's company at the time of writing: a record is
 * visible only to those who see both the customer and the author's company (ADR 0053), so a customer never
 * reads what its partner wrote about it.
 */
const authorship = {
  authorId: uuid('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  authorCompanyId: uuid('author_company_id')
    .notNull()
    .references(() => companies.id),
};

/** Customer notes (spec section 3: customer note): free text about a company, optionally pinned on top. */
export const customerNotes = backend.table(
  'customer_notes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    ...authorship,
    ...timestamps,
  },
  (t) => [index('customer_notes_company_created_idx').on(t.companyId, t.createdAt)],
);

/** Customer activities (spec section 3: customer activity): calls, meetings, mails, visits and tasks. */
export const customerActivities = backend.table(
  'customer_activities',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    details: text('details'),
    /** When it is planned (or took place); optional. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Set when marked done; null while open. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    assigneeId: uuid('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...authorship,
    ...timestamps,
  },
  (t) => [
    index('customer_activities_company_created_idx').on(t.companyId, t.createdAt),
    index('customer_activities_assignee_idx').on(t.assigneeId),
    check('customer_activities_type_check', sql`${t.type} in ('call', 'meeting', 'mail', 'visit', 'task')`),
  ],
);
