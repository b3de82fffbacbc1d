import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';

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
