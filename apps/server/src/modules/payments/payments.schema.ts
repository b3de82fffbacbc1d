import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';
import { invoices } from '../invoices/invoices.schema';

/**
 * Payments of invoices (spec section 4: payment statuses paid and failed; ADR 0106). One row per attempt a
 * provider reported or staff recorded: `bank-transfer` (marked paid by staff, or matched from an imported bank
 * statement) and `stripe` (card checkout, reported by its signed webhook). A provider's own reference is unique
 * per provider, so a statement imported twice or a webhook delivered twice records nothing new.
 */
export const payments = backend.table(
  'payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider').notNull(),
    /** The provider's id of the payment (Stripe payment intent, bank transaction id); null for staff marking it paid. */
    reference: text('reference'),
    status: text('status').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    failureReason: text('failure_reason'),
    /** What the provider said besides (payer, booking text of a statement line), for the record. */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    /** The staff user who recorded it; null when a provider reported it. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.reference).where(sql`${t.reference} is not null`),
    index('payments_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_invoice_idx').on(t.invoiceId),
    check('payments_provider_check', sql`${t.provider} in ('bank-transfer', 'stripe')`),
    check('payments_status_check', sql`${t.status} in ('paid', 'failed')`),
  ],
);

/**
 * The provider events already handled (webhook deliveries), by the provider's event id: a delivery seen before is
 * answered 200 and changes nothing (Stripe retries a delivery until it gets a 2xx, and may send one twice).
 */
export const paymentEvents = backend.table(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_idx').on(t.provider, t.eventId)],
);
