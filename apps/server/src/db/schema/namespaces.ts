import { pgSchema } from 'drizzle-orm/pg-core';

/** The Postgres schema of the authentication service (spec section 7): one per service, defined once. */
export const auth = pgSchema('auth');

/** The backend schema: the product's own tables. */
export const backend = pgSchema('backend');

/** The mail service's schema: templates and the outbox of every mail the product sends. */
export const mail = pgSchema('mail');

/** The document service's schema (docs/decisions/0045-document-files.md, 0046-document-templates.md). */
export const documents = pgSchema('documents');
