import { sql } from 'drizzle-orm';
import { index, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { users } from '../users/users.schema';

/**
 * News (spec section 3: subject, language; issue 17, ADR 0111): a rich-text body (sanitised HTML) in one
 * language, published from `publish_at` on, for everyone or for the roles and partner types of its audience.
 * News belong to no company: the audience, not the company scope, decides who reads them.
 */
export const news = backend.table(
  'news',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    subject: text('subject').notNull(),
    language: text('language').notNull(),
    /** Sanitised on the server before it is stored (ADR 0111). */
    body: text('body').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    /** Role names; with audience_partner_types both empty: everyone. */
    audienceRoles: text('audience_roles').array().notNull().default(sql`'{}'::text[]`),
    /** Partner types (contracts PARTNER_TYPES) of the readers' roles. */
    audiencePartnerTypes: text('audience_partner_types').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_language_publish_idx').on(t.language, t.publishAt)],
);

/** Who read which news item (the feed's unread markers). */
export const newsReads = backend.table(
  'news_reads',
  {
    newsId: uuid('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] })],
);
