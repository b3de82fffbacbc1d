import { pgSchema } from 'drizzle-orm/pg-core';

/** The mail service's schema; its tables come with the mail issue. */
export const mail = pgSchema('mail');
