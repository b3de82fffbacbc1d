import { sql } from 'drizzle-orm';
import { check, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { caseResults } from '../cases/cases.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A user's rating of a result version (one per user and result; rating again replaces it). */
export const caseRatings = backend.table(
  'case_ratings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    resultId: uuid('result_id')
      .notNull()
      .references(() => caseResults.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    stars: smallint('stars').notNull(),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    comment: text('comment'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('case_ratings_result_user_idx').on(t.resultId, t.userId),
    check('case_ratings_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);
