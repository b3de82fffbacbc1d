import { countCapOf } from '@cuspid/contracts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from './client';

/**
 * Rows to skip and to return: what both services' paging parameters come down to, and the search term,
 * which chooses how far the list counts (ADR 0085).
 */
export type Page = { offset: number; limit: number; search?: string | undefined };

/** The main backend's `page` (from 1) and `per_page`. */
export const backendPage = (query: { page: number; per_page: number; search?: string | undefined }): Page => ({
  offset: (query.page - 1) * query.per_page,
  limit: query.per_page,
  search: query.search,
});

/** The authentication service's `limit_start` and `limit_count`. */
export const authPage = (query: { limit_start: number; limit_count: number; search?: string | undefined }): Page => ({
  offset: query.limit_start,
  limit: query.limit_count,
  search: query.search,
});

/** The select list of a `matching` query: one constant per row, nothing to fetch. */
export const oneRow = { one: sql<number>`1`.as('one') };

/**
 * `select count(*)` of at most `cap + 1` rows of `matching`. The matching rows are a materialized CTE: it is
 * planned as if every match were read (a trigram index's bitmap scan for a search) and then read lazily, only
 * as far as the limit. With the limit inside, PostgreSQL planned a search's count as a sequential scan that
 * would find cap + 1 matches early, and walked a fifth of the users table when the term's matches were rarer or
 * later than it estimated ("schmidt": 22.7 ms against 2.6 ms).
 */
const cappedCountQuery = (matching: SQLWrapper, cap: number): SQL =>
  sql`with matching as materialized (${matching}) select count(*)::int as count from (select 1 from matching limit ${cap + 1}) capped`;

/**
 * How many rows `matching` yields, exact up to `cap` and `cap + 1` beyond it (ADR 0085): the database
 * stops after `cap + 1` rows instead of walking every match, so the count of a list of a million rows
 * costs what a count of ten thousand does.
 */
export async function cappedCount(db: DbOrTx, matching: PgSelect, cap: number): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(db, cappedCountQuery(matching, cap));
  return Number(row?.count ?? 0);
}

/**
 * The same capped count as a column of the page's own query (an uncorrelated subquery, computed once), so
 * that a list costs one round trip. A page past the end has no row to carry it: the caller then counts
 * with `cappedCount`, or knows it is 0 when the page was the first.
 */
export function cappedCountColumn(matching: PgSelect, cap: number): SQL<number> {
  return sql<number>`(${cappedCountQuery(matching, cap)})`.mapWith(Number);
}

/**
 * One page of a list and how many rows match its filter: what `{ data, total }` (main backend) and
 * `{ data, count }` (authentication service) answers are made of. `rows` is the filtered, ordered query in
 * dynamic mode (`.$dynamic()`); its order must end in a unique column so that pages never overlap.
 * `matching` selects the rows of the same filter (`db.select(oneRow).from(t).where(where).$dynamic()`); it
 * is counted up to the page's cap (`countCapOf(page.search, page.offset)`: 100 rows past the page's first
 * row with a search term, 10,000 without), and a list with more rows answers the cap + 1. The one place where lists page and count.
 */
export async function listPage<T extends PgSelect>(
  db: DbOrTx,
  rows: T,
  matching: PgSelect,
  page: Page,
): Promise<{ data: Awaited<ReturnType<T['execute']>>; total: number }> {
  const [data, total] = await Promise.all([
    rows.offset(page.offset).limit(page.limit).execute(),
    cappedCount(db, matching, countCapOf(page.search, page.offset)),
  ]);
  return { data: data as Awaited<ReturnType<T['execute']>>, total };
}

/**
 * Lists whose count passed its cap, remembered for a while (ADR 0103). "More than 10,000" stays true while a
 * few rows come and go, so such a list skips its count (4 ms of PostgreSQL over a million cases) until the
 * entry expires; exact counts are never remembered. The key is the count's own SQL and parameters, so it holds
 * the caller's scope and every filter.
 */
export class CappedCounts {
  private readonly until = new Map<string, number>();
  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a list's count: the matching rows' SQL, its parameters and the cap. */
  static keyOf(matching: PgSelect, cap: number): string {
    const { sql: text, params } = matching.toSQL();
    return JSON.stringify([text, params, cap]);
  }

  isCapped(key: string): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(key);
    return false;
  }

  remember(key: string): void {
    this.until.delete(key);
    // The oldest entry makes room (a Map keeps insertion order).
    if (this.until.size >= this.maxEntries) this.until.delete(this.until.keys().next().value!);
    this.until.set(key, this.now() + this.ttlMs);
  }

  get size(): number {
    return this.until.size;
  }
}

const cappedCountsByDb = new WeakMap<object, CappedCounts>();

/** The capped counts remembered for one database handle (each app, and each test, has its own). */
export function cappedCountsOf(db: DbOrTx): CappedCounts {
  let counts = cappedCountsByDb.get(db);
  if (!counts) {
    counts = new CappedCounts();
    cappedCountsByDb.set(db, counts);
  }
  return counts;
}
