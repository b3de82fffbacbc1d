import { sql } from 'drizzle-orm';
import { jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';

/**
 * The help content of the global configuration, one row per language: the FAQ (a list of
 * `{ question, answer }`, plain text) and the data-privacy text (sanitised HTML). English is the fallback.
 */
export const helpContents = backend.table('help_contents', {
  language: text('language').primaryKey(),
  faq: jsonb('faq').$type<{ question: string; answer: string }[]>().notNull().default(sql`'[]'::jsonb`),
  dataPrivacy: text('data_privacy').notNull().default(''),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
