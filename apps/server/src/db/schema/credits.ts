import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { backend, companies } from './companies';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The credit types (ADR 0090); `in (…)` of the checks below, kept in step with CREDIT_TYPES of the contracts. */
const creditTypeCheck = (column: unknown) => sql`${column} in ('free', 'paid')`;

/**
 * Credit packages (spec section 3): what a company can buy. Invoices and ledger entries refer to them,
 * so a package is never removed, only deactivated or marked deleted.
 */
export const creditPackages = backend.table(
  'credit_packages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description'),
    credits: integer('credits').notNull(),
    /** The default price, in cents of `currency`; countries may price it differently (country_packages). */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    creditType: text('credit_type').notNull().default('paid'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('credit_packages_credits_check', sql`${t.credits} > 0`),
    check('credit_packages_price_check', sql`${t.priceCents} >= 0`),
    check('credit_packages_credit_type_check', creditTypeCheck(t.creditType)),
    index('credit_packages_sort_idx').on(t.sortOrder, t.name),
  ],
);

/** A package's price and availability in one country (ISO 3166-1 alpha-2). */
export const countryPackages = backend.table(
  'country_packages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    packageId: uuid('package_id')
      .notNull()
      .references(() => creditPackages.id),
    country: text('country').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** False: the package cannot be bought in this country. */
    available: boolean('available').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('country_packages_package_country_idx').on(t.packageId, t.country),
    index('country_packages_country_idx').on(t.country),
    check('country_packages_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** What one tooth costs in credits in one country, for upper and for lower jaw teeth (spec section 3). */
export const countryCredits = backend.table(
  'country_credits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    country: text('country').notNull(),
    upperToothCredits: integer('upper_tooth_credits').notNull(),
    lowerToothCredits: integer('lower_tooth_credits').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('country_credits_country_idx').on(t.country),
    check('country_credits_upper_check', sql`${t.upperToothCredits} >= 0`),
    check('country_credits_lower_check', sql`${t.lowerToothCredits} >= 0`),
  ],
);

/**
 * The one row of credit settings (id is always 1): the recalculation factor, and the tooth costs of a
 * country without a row in country_credits.
 */
export const creditSettings = backend.table(
  'credit_settings',
  {
    id: integer('id').primaryKey().default(1),
    recalculationFactor: numeric('recalculation_factor', { precision: 6, scale: 2, mode: 'number' })
      .notNull()
      .default(1),
    defaultUpperToothCredits: integer('default_upper_tooth_credits').notNull().default(1),
    defaultLowerToothCredits: integer('default_lower_tooth_credits').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_settings_single_row', sql`${t.id} = 1`),
    check('credit_settings_factor_check', sql`${t.recalculationFactor} >= 0`),
  ],
);

/**
 * Coupon codes (spec section 3: code, free users, start date, end date, number of uses, used by).
 * A coupon grants credits of a type (`kind` credits) or a discount on a package purchase (percent or fixed).
 */
export const couponCodes = backend.table(
  'coupon_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** As entered; unique whatever its case. */
    code: text('code').notNull(),
    description: text('description'),
    /** 'credits', 'percent' or 'fixed'. */
    kind: text('kind').notNull(),
    credits: integer('credits'),
    creditType: text('credit_type'),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    currency: text('currency').notNull().default('EUR'),
    /** The packages a discount applies to; empty means every package. */
    packageIds: uuid('package_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Free users: how many distinct companies may redeem it; null means no limit. */
    freeUsers: integer('free_users'),
    /** Number of uses, in all; null means no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCompany: integer('max_uses_per_company').notNull().default(1),
    /** Counters kept with each redemption, under the coupon's row lock. */
    uses: integer('uses').notNull().default(0),
    companiesUsed: integer('companies_used').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupon_codes_code_idx').on(sql`lower(${t.code})`).where(sql`${t.deletedAt} is null`),
    check('coupon_codes_kind_check', sql`${t.kind} in ('credits', 'percent', 'fixed')`),
    check(
      'coupon_codes_grant_check',
      sql`(${t.kind} = 'credits' and ${t.credits} > 0 and ${t.creditType} in ('free', 'paid'))
        or (${t.kind} = 'percent' and ${t.percentOff} between 1 and 100)
        or (${t.kind} = 'fixed' and ${t.amountOffCents} > 0)`,
    ),
    check('coupon_codes_uses_check', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
    check('coupon_codes_free_users_check', sql`${t.freeUsers} is null or ${t.companiesUsed} <= ${t.freeUsers}`),
  ],
);

/** One use of a coupon by a company (the coupon's history and its 'used by'). */
export const couponRedemptions = backend.table(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => couponCodes.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id'),
    /** The credits granted (kind credits), else null. */
    credits: integer('credits'),
    /** The discount given on a purchase (kind percent or fixed), in cents, else null. */
    discountCents: integer('discount_cents'),
    /** The invoice of the purchase a discount was given on. */
    invoiceId: uuid('invoice_id'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.redeemedAt),
    index('coupon_redemptions_company_idx').on(t.companyId, t.couponId),
  ],
);

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
