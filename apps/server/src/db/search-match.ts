import { asc, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { likePattern } from './like-pattern';

type Column = PgColumn | SQL;

/** `term` escaped for LIKE, as a prefix: `term%`. */
const prefixPattern = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const anyOf = (conditions: SQL[]) => sql`(${sql.join(conditions, sql` or `)})`;

/**
 * How many matching rows a provider ranks (ADR 0080): ranking every match of a common term means reading and
 * sorting thousands of rows on each keystroke; the first this many found (by whichever index the planner picks)
 * are ranked, and the rest are left to the area's list.
 */
export const SEARCH_CANDIDATES = 50;

/**
 * The global search's match (ADR 0080): the lists' substring ILIKE on any of the `ranked` and `other`
 * columns, and a rank to order by that puts an exact match of a `ranked` column (the title, a mail) first,
 * then a prefix match, then the rest. The rank only sorts the rows that match, which the indexes find.
 */
export function searchMatch(term: string, ranked: readonly Column[], other: readonly Column[] = []) {
  const pattern = likePattern(term);
  const prefix = prefixPattern(term);
  const lower = term.toLowerCase();
  const where = anyOf([...ranked, ...other].map((column) => sql`${column} ilike ${pattern}`));
  const rank = sql<number>`case when ${anyOf(ranked.map((c) => sql`lower(${c}) = ${lower}`))} then 0 when ${anyOf(
    ranked.map((c) => sql`${c} ilike ${prefix}`),
  )} then 1 else 2 end`;
  return { where, rank };
}

/**
 * The global search's rows from a provider's candidates (ADR 0080): `candidates` is its scoped, matched select with
 * `rank` (from searchMatch) and `id`, cut to SEARCH_CANDIDATES rows and aliased; the answer is those rows by rank,
 * then `then`, then id, the first `limit`, with the `fields` named.
 */
export function rankedSearch<
  C extends Subquery & { rank: SQL.Aliased<number>; id: PgColumn },
  K extends keyof C & string,
>(db: DbOrTx, candidates: C, fields: readonly K[], then: readonly (SQL | PgColumn)[], limit: number) {
  const selection = Object.fromEntries(fields.map((key) => [key, candidates[key]])) as Pick<C, K>;
  return db
    .select(selection as Pick<C, K> & SelectedFields)
    .from(candidates as Subquery)
    .orderBy(candidates.rank, ...then, asc(candidates.id))
    .limit(limit);
}
