import { boolean, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auth } from '../../db/schema/namespaces';
import { users } from '../users/users.schema';

/**
 * The case mails a user turned off (or on again) for itself (GET/PUT /auth/mail-preferences); an event without a
 * row is sent. Only events of USER_MAIL_EVENTS are stored.
 */
export const userMailPreferences = auth.table(
  'user_mail_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    mail: boolean('mail').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);
