import { pgSchema } from 'drizzle-orm/pg-core';

/** The Postgres schema of the authentication service (spec section 7): one per service, defined once. */
export const auth = pgSchema('auth');
