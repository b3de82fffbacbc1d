import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
