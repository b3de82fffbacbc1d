import { pgSchema } from 'drizzle-orm/pg-core';

/** The document service's schema; its tables come with the documents issue. */
export const documents = pgSchema('documents');
