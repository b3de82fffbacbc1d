import { jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { users } from '../users/users.schema';

/**
 * Business settings (ADR 0133): one row per area's section (its key, e.g. `invoices`), its values as JSON checked
 * by the section's schema. A section without a row has its defaults (the environment's values, where given).
 */
export const settings = backend.table('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
