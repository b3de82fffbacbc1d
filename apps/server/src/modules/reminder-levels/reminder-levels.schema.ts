import { sql } from 'drizzle-orm';
import { check, integer, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';

/** Reminder levels (spec section 3): the steps of dunning, in the order of `level`. */
export const invoiceReminderLevels = backend.table(
  'invoice_reminder_levels',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    level: smallint('level').notNull(),
    levelName: text('level_name').notNull(),
    periodDays: smallint('period_days').notNull(),
    reminderFeeCents: integer('reminder_fee_cents').notNull().default(0),
    startText: text('start_text'),
    endText: text('end_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_reminder_levels_level_idx').on(t.level),
    check('invoice_reminder_levels_period_check', sql`${t.periodDays} > 0`),
    check('invoice_reminder_levels_fee_check', sql`${t.reminderFeeCents} >= 0`),
  ],
);
