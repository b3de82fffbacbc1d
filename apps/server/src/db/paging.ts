import type { PgSelect } from 'drizzle-orm/pg-core';

/** Rows to skip and to return: what both services' paging parameters come down to. */
export type Page = { offset: number; limit: number };

/** The main backend's `page` (from 1) and `per_page`. */
export const backendPage = (query: { page: number; per_page: number }): Page => ({
  offset: (query.page - 1) * query.per_page,
  limit: query.per_page,
});

/** The authentication service's `limit_start` and `limit_count`. */
export const authPage = (query: { limit_start: number; limit_count: number }): Page => ({
  offset: query.limit_start,
  limit: query.limit_count,
});

/**
 * One page of a list and how many rows match its filter in all: what `{ data, total }` (main backend)
 * and `{ data, count }` (authentication service) answers are made of. `rows` is the filtered, ordered
 * query in dynamic mode (`.$dynamic()`); its order must end in a unique column so that pages never
 * overlap. `matching` counts the rows of the same filter. The one place where lists page, so that a
 * faster count (an estimate, a capped count) can be chosen for every list at once.
 */
export async function listPage<T extends PgSelect>(
  rows: T,
  matching: PromiseLike<{ count: number }[]>,
  page: Page,
): Promise<{ data: Awaited<ReturnType<T['execute']>>; total: number }> {
  const [data, counted] = await Promise.all([rows.offset(page.offset).limit(page.limit).execute(), matching]);
  return { data: data as Awaited<ReturnType<T['execute']>>, total: counted[0]?.count ?? 0 };
}
