import { sql } from 'drizzle-orm';
import { text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auth } from '../../db/schema/namespaces';
import { users } from '../users/users.schema';

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
