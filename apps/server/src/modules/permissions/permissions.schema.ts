import { sql } from 'drizzle-orm';
import { text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auth } from '../../db/schema/namespaces';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
