import { sql } from 'drizzle-orm';
import { boolean, index, integer, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auth } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';
import { roles } from '../roles/roles.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = auth.table(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Stored lower-cased. */
    mail: text('mail').notNull(),
    /** Null while the user is invited and has not set a password yet (ADR 0034). */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    mobile: text('mobile'),
    contactLanguage: text('contact_language').notNull().default('en'),
    timezone: text('timezone').notNull().default('UTC'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** When the latest invitation mail was sent (created without a password, or re-sent). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** TOTP secret in use, AES-256-GCM encrypted with TWO_FACTOR_KEY (ADR 0033); null: no two-factor sign-in. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** A secret set up but not confirmed with a first code yet (encrypted like the one in use). */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** The TOTP time step of the last accepted code: a code of that step or an earlier one is refused (replay). */
    twoFactorLastStep: integer('two_factor_last_step'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_mail_live_idx').on(t.mail).where(sql`${t.deletedAt} is null`),
    index('users_company_idx').on(t.companyId),
    // User list (ADR 0070): substring search through pg_trgm (extension in custom migration 0002), the default
    // order, and paging by it without touching the table.
    index('users_mail_trgm_idx').using('gin', t.mail.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`,
    ),
    index('users_live_created_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
  ],
);

export const userRoles = auth.table(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
