import { type SQL, sql } from 'drizzle-orm';

/** "First Last" of a users row joined under `alias`, or null when both are empty (for names shown beside records). */
export const personName = (alias: SQL) =>
  sql<string | null>`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;
