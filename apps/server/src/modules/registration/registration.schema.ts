import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { roles } from '../roles/roles.schema';

/** The one row of registration settings (id is always 1). */
export const registrationConfiguration = backend.table(
  'registration_configuration',
  {
    id: integer('id').primaryKey().default(1),
    /**
     * The role a registering user gets; only a role flagged canRegister counts. Null (or a role no longer
     * flagged canRegister): the roles flagged assignOnRegistration (ADR 0055).
     */
    roleId: uuid('role_id').references((): AnyPgColumn => roles.id, { onDelete: 'set null' }),
    /** Credits granted to a newly registered company (booked by the credits service). */
    freeCredits: integer('free_credits').notNull().default(0),
    captchaEnabled: boolean('captcha_enabled').notNull().default(true),
    /** Countries (ISO alpha-2) where a VAT id is required to register. */
    vatRequiredCountries: text('vat_required_countries').array().notNull().default(sql`'{}'::text[]`),
    /** Countries allowed to register; empty means every country. */
    allowedCountries: text('allowed_countries').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('registration_configuration_single_row', sql`${t.id} = 1`)],
);

/** Issued captchas: the answer is stored hashed; each is used once and expires. */
export const captchas = backend.table(
  'captchas',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);
