import { sql } from 'drizzle-orm';
import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auth } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
