import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../../db/schema/namespaces';

export type StoredMailContent = { subject: string; body: string };
export type StoredMailVariable = { name: string; description: string; example: string };

export const mailTemplates = mail.table(
  'templates',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** The event (`<module>.<event>`) the template was written for; null for a free template. */
    event: text('event'),
    /** Subject and body per language code; `en` is always present and is the fallback. */
    contents: jsonb('contents').$type<Record<string, StoredMailContent>>().notNull(),
    variables: jsonb('variables').$type<StoredMailVariable[]>().notNull().default([]),
    /** Seeded by the product for its event; the seed never overwrites it once it exists. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_templates_event_idx').on(t.event)],
);
