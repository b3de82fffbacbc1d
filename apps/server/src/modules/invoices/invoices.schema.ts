import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { apiKeys } from '../api-keys/api-keys.schema';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';

/** A company's billing address as it was when an invoice was issued (ADR 0105: never changed afterwards). */
export type BillingAddress = {
  companyName: string;
  addressLine1: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  vatId: string | null;
};

/**
 * Invoices and credit notes (spec section 3, ADR 0105). A draft has no number and may change; issuing it
 * (status `open`) assigns the year's next number and freezes its lines, amounts and billing address. Amounts are
 * integer cents computed by `invoiceTotals` of `@cuspid/contracts/invoices`, never taken from a caller.
 */
export const invoices = backend.table(
  'invoices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Set when issued, from the number pattern and invoice_number_counters; unique and never reused. */
    number: text('number'),
    /** The year and sequence the number was made of. */
    numberYear: smallint('number_year'),
    numberSequence: integer('number_sequence'),
    type: text('type').notNull().default('invoice'),
    status: text('status').notNull().default('draft'),
    /** The date of issue (a draft: the date it is meant to carry, or none until issued). */
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    /** Days from the date of issue to the due date, for a draft without a due date. */
    paymentTermDays: smallint('payment_term_days').notNull().default(14),
    currency: text('currency').notNull().default('EUR'),
    /** Frozen at issue; a draft shows the company's current address. */
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    netCents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    notes: text('notes'),
    /** A credit note: the invoice it cancels. */
    cancelsInvoiceId: uuid('cancels_invoice_id').references((): AnyPgColumn => invoices.id),
    /** A package purchase: the package bought (its credits are booked once, when the invoice is paid). */
    packageId: uuid('package_id'),
    /** A package purchase: the credits it grants and of which type, as bought (a package changed later does not change them). */
    packageCredits: integer('package_credits'),
    packageCreditType: text('package_credit_type'),
    createdBy: uuid('created_by'),
    /** Dunning: the last reminder level reached (0: none yet), when it was sent, and whether staff paused it. */
    dunningLevel: smallint('dunning_level').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    dunningPaused: boolean('dunning_paused').notNull().default(false),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_number_sequence_idx').on(t.numberYear, t.numberSequence),
    // One credit note per cancelled invoice.
    uniqueIndex('invoices_cancels_idx').on(t.cancelsInvoiceId),
    index('invoices_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('invoices_created_idx').on(t.createdAt, t.id),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    check('invoices_status_check', sql`${t.status} in ('draft', 'open', 'paid', 'cancelled')`),
    check('invoices_type_check', sql`${t.type} in ('invoice', 'credit-note')`),
    check(
      'invoices_number_check',
      sql`(${t.status} = 'draft') = (${t.number} is null) and (${t.number} is null) = (${t.numberSequence} is null)`,
    ),
  ],
);

/** An invoice's products (spec section 3): article number, name, quantity, tax rate (basis points), unit price. */
export const invoiceLines = backend.table(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    articleNumber: text('article_number'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_position_idx').on(t.invoiceId, t.position)],
);

/**
 * The last invoice number sequence given out per calendar year. Issuing takes the year's row with its lock
 * (insert … on conflict do update … returning) in the issuing transaction: a rolled-back issue gives its number
 * back, and concurrent issues wait for each other, so a year's numbers are consecutive without gaps (ADR 0105).
 */
export const invoiceNumberCounters = backend.table('invoice_number_counters', {
  year: smallint('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * The reminders sent for an invoice, one per level reached (spec section 3: reminder levels), with what the level
 * said then: a level changed or deleted later does not change what a customer was sent.
 */
export const invoiceReminders = backend.table(
  'invoice_reminders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The step: 1 for the first reminder of this invoice, and so on. */
    step: smallint('step').notNull(),
    levelName: text('level_name').notNull(),
    feeCents: integer('fee_cents').notNull(),
    /** Where the mail went; null when the company has no invoice address (the step is recorded all the same). */
    mailedTo: text('mailed_to'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('invoice_reminders_step_idx').on(t.invoiceId, t.step)],
);

/** One run of sequences of a year's invoice numbers: the numbers after `after`, up to and including `through`. */
export type InvoiceExportRange = { year: number; after: number; through: number };

/**
 * Every GET /invoices/download/latest-csv (ADR 0107): who exported, when, which invoice numbers it claimed (runs
 * of the per-year number sequences, which grow in commit order under the counter row lock), and how many rows it
 * wrote. A caller (a user, or an API key of its own: an accounting system's feed is not the person's) takes next
 * the numbers after the highest it claimed, plus the runs of its failed exports; claiming happens under a lock
 * per caller, so two exports at once never claim the same numbers.
 */
export const invoiceExports = backend.table(
  'invoice_exports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The API key that exported (null: the user signed in); each key has a feed of its own. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** The caller's company when it exported (its scope decided which rows the file holds). */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    ranges: jsonb('ranges').$type<InvoiceExportRange[]>().notNull(),
    /** `running` while the file streams, then `done`, or `failed` (its runs go into the caller's next export). */
    status: text('status').notNull().default('running'),
    /** The rows written (so far, while running). */
    rowCount: integer('row_count').notNull().default(0),
    /** The export that took over the runs of this failed one. */
    recoveredBy: uuid('recovered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last sign of life of a running export (each batch); a running export silent for long counts as failed. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('invoice_exports_caller_idx').on(t.userId, t.apiKeyId, t.createdAt),
    check('invoice_exports_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);
