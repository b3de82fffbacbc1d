import { sql } from 'drizzle-orm';
import { check, integer, numeric, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
