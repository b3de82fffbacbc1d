-- Custom migration (drizzle-kit cannot express extensions): trigram operator classes for the substring
-- search indexes of the user list (ADR 0070). Must run before the migration that creates those indexes.
-- PGlite loads the extension's code through `extensions: { pg_trgm }` in src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
