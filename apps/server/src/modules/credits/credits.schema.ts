import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';
import { couponCodes } from '../coupons/coupons.schema';
import { creditPackages } from '../packages/packages.schema';

/** The credit types (ADR 0090); `in (…)` of the checks below, kept in step with CREDIT_TYPES of the contracts. */
const creditTypeCheck = (column: unknown) => sql`${column} in ('free', 'paid')`;

/**
 * A company's balance per credit type, kept in the transaction of every ledger entry under this row's
 * lock (ADR 0090). It always equals the sum of the company's ledger entries of that type.
 */
export const creditBalances = backend.table(
  'credit_balances',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    creditType: text('credit_type').notNull(),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.creditType] }),
    check('credit_balances_balance_check', sql`${t.balance} >= 0`),
    check('credit_balances_credit_type_check', creditTypeCheck(t.creditType)),
  ],
);

/**
 * The credit ledger (ADR 0090): append-only (a trigger refuses updates and deletes). Entries booked
 * together (a spend taking free and paid credits) share `booking_id`; `seq` orders entries for history
 * and balance-over-time.
 */
export const creditLedger = backend.table(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    bookingId: uuid('booking_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    creditType: text('credit_type').notNull(),
    /** Signed: positive adds credits, negative takes them. */
    amount: integer('amount').notNull(),
    /** The company's balance of this type after the entry. */
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** References: no foreign keys to cases and invoices (areas of their own), the coupon and package do have one. */
    caseId: uuid('case_id'),
    invoiceId: uuid('invoice_id'),
    couponId: uuid('coupon_id').references(() => couponCodes.id),
    packageId: uuid('package_id').references(() => creditPackages.id),
    /** The booking a refund gives back (each booking is refunded at most once per credit type). */
    refundOf: uuid('refund_of'),
    note: text('note'),
    /** The user who booked it (null for the system: registration bonus, processing refunds). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_seq_idx').on(t.seq),
    index('credit_ledger_company_idx').on(t.companyId, t.seq),
    index('credit_ledger_booking_idx').on(t.bookingId),
    index('credit_ledger_case_idx').on(t.caseId).where(sql`${t.caseId} is not null`),
    index('credit_ledger_coupon_idx').on(t.couponId).where(sql`${t.couponId} is not null`),
    // A paid package invoice adds its credits once, whatever path reported the payment (ADR 0106).
    uniqueIndex('credit_ledger_purchase_idx')
      .on(t.invoiceId)
      .where(sql`${t.reason} = 'purchase' and ${t.invoiceId} is not null`),
    uniqueIndex('credit_ledger_refund_idx').on(t.refundOf, t.creditType).where(sql`${t.refundOf} is not null`),
    check('credit_ledger_amount_check', sql`${t.amount} <> 0`),
    check('credit_ledger_balance_check', sql`${t.balanceAfter} >= 0`),
    check('credit_ledger_credit_type_check', creditTypeCheck(t.creditType)),
    check(
      'credit_ledger_reason_check',
      sql`${t.reason} in ('purchase', 'case_submission', 'recalculation', 'refund', 'coupon', 'registration_bonus',
        'manual_grant', 'correction', 'commission_payout', 'expiry')`,
    ),
  ],
);
