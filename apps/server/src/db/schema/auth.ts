import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

export const auth = pgSchema('auth');

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

export const roles = auth.table('roles', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  /** A partner type of spec section 3, when the role stands for one. */
  partnerType: text('partner_type'),
  canRegister: boolean('can_register').notNull().default(false),
  canEditCommissions: boolean('can_edit_commissions').notNull().default(false),
  assignOnRegistration: boolean('assign_on_registration').notNull().default(false),
  /** Users of the role must sign in with two factors (ADR 0033). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  priority: integer('priority').notNull().default(0),
  ...timestamps,
});

export const permissions = auth.table(
  'permissions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    title: text('title').notNull().unique(),
    value: text('value').notNull(),
    scope: text('scope').notNull(),
    grouping: text('grouping'),
    ...timestamps,
  },
  (t) => [uniqueIndex('permissions_scope_value_idx').on(t.scope, t.value)],
);

export const rolePermissions = auth.table(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
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

/** A sign-in session: one family of rotating refresh tokens. Access tokens name it in `sid`. */
export const sessions = auth.table(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Refresh tokens, stored as SHA-256 hashes. A token is used once; presenting a used one revokes its session. */
export const refreshTokens = auth.table(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * One-time recovery codes of two-factor sign-in (ADR 0033): HMAC-SHA256 under a key derived from
 * TWO_FACTOR_KEY, so a copy of the database alone cannot be brute-forced. Each is used once.
 */
export const twoFactorRecoveryCodes = auth.table(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * API keys of machine clients: a public client id and a secret stored as SHA-256 only (the secret is
 * shown once). A key acts for its owner, limited to its scopes (permission titles the owner holds).
 */
export const apiKeys = auth.table(
  'api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    clientId: text('client_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    /** Tokens issued before the secret last changed (rotation) are refused. */
    secretChangedAt: timestamp('secret_changed_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** The owner's company, kept here so company scoping needs no join. */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('api_keys_owner_idx').on(t.ownerId), index('api_keys_company_idx').on(t.companyId)],
);

/**
 * Secrets of mailed account links (ADR 0034): an invitation or a password reset. Stored as SHA-256 only;
 * each is used once, expires, and is revoked when a newer link of the same purpose is sent or the
 * password changes otherwise.
 */
export const accountTokens = auth.table(
  'account_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'invitation' | 'password-reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId), index('account_tokens_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters for sign-in throttling, shared by every server process. */
export const loginThrottle = auth.table('login_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
