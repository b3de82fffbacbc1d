import { countCapOf, isCountCapped, LIST_COUNT_CAP, SEARCH_COUNT_CAP } from '@cuspid/contracts';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { CappedCounts, cappedCount, cappedCountsOf, listPage, oneRow } from './paging';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

// n generated rows, standing for a list's filtered query.
const series = (n: number) => sql`generate_series(1, ${n}::int) as g(n)`;
const matching = (n: number) => ctx.deps.db.select(oneRow).from(series(n)).$dynamic();
const rows = (n: number) =>
  ctx.deps.db.select({ n: sql<number>`g.n` }).from(series(n)).orderBy(asc(sql`g.n`)).$dynamic();

describe('capped counts (ADR 0085)', () => {
  it('count exactly up to the cap and answer cap + 1 beyond it', async () => {
    expect(await cappedCount(ctx.deps.db, matching(0), 3)).toBe(0);
    expect(await cappedCount(ctx.deps.db, matching(3), 3)).toBe(3);
    expect(await cappedCount(ctx.deps.db, matching(4), 3)).toBe(4);
    expect(await cappedCount(ctx.deps.db, matching(50), 3)).toBe(4);
  });

  it('cap a search 100 rows past its page and a list without one at 10,000, and still page beyond the cap', async () => {
    const first = await listPage(ctx.deps.db, rows(1_500), matching(1_500), { offset: 0, limit: 2, search: 'x' });
    expect(first.total).toBe(SEARCH_COUNT_CAP + 1);
    const searched = await listPage(ctx.deps.db, rows(1_500), matching(1_500), {
      offset: 1_200,
      limit: 2,
      search: 'x',
    });
    expect(searched.total).toBe(1_200 + SEARCH_COUNT_CAP + 1);
    expect(searched.data).toEqual([{ n: 1_201 }, { n: 1_202 }]);
    // Near the end the count is exact again.
    expect(
      (await listPage(ctx.deps.db, rows(1_500), matching(1_500), { offset: 1_450, limit: 2, search: 'x' })).total,
    ).toBe(1_500);
    expect((await listPage(ctx.deps.db, rows(1_500), matching(1_500), { offset: 0, limit: 1 })).total).toBe(1_500);
    const big = await listPage(ctx.deps.db, rows(12_000), matching(12_000), { offset: 0, limit: 1, search: ' ' });
    expect(big.total).toBe(LIST_COUNT_CAP + 1);
  });

  it('tell the web which counts passed their cap', () => {
    expect(countCapOf(undefined)).toBe(LIST_COUNT_CAP);
    expect(countCapOf('  ')).toBe(LIST_COUNT_CAP);
    expect(countCapOf('müller')).toBe(SEARCH_COUNT_CAP);
    expect(isCountCapped(LIST_COUNT_CAP, '')).toBe(false);
    expect(isCountCapped(LIST_COUNT_CAP + 1, '')).toBe(true);
    expect(isCountCapped(SEARCH_COUNT_CAP + 1, 'an')).toBe(true);
    expect(isCountCapped(SEARCH_COUNT_CAP, 'an')).toBe(false);
    expect(countCapOf('müller', 75)).toBe(75 + SEARCH_COUNT_CAP);
    expect(isCountCapped(75 + SEARCH_COUNT_CAP + 1, 'an', 75)).toBe(true);
    expect(isCountCapped(SEARCH_COUNT_CAP + 1, 'an', 75)).toBe(false);
    expect(countCapOf(undefined, 75)).toBe(LIST_COUNT_CAP);
  });
});

describe('remembered capped counts (ADR 0103)', () => {
  it('remember a capped list until it expires, per filter and cap, and forget the oldest when full', () => {
    let now = 1_000;
    const counts = new CappedCounts(60_000, 2, () => now);
    const a = CappedCounts.keyOf(matching(20_000), 10_000);
    const b = CappedCounts.keyOf(matching(30_000), 10_000);
    expect(a).not.toBe(b);
    expect(CappedCounts.keyOf(matching(20_000), 100)).not.toBe(a);
    expect(counts.isCapped(a)).toBe(false);
    counts.remember(a);
    expect(counts.isCapped(a)).toBe(true);
    now += 59_999;
    expect(counts.isCapped(a)).toBe(true);
    now += 1;
    expect(counts.isCapped(a)).toBe(false);
    expect(counts.size).toBe(0);
    counts.remember(a);
    counts.remember(b);
    counts.remember(CappedCounts.keyOf(matching(40_000), 10_000));
    expect(counts.size).toBe(2);
    expect(counts.isCapped(a)).toBe(false);
    expect(counts.isCapped(b)).toBe(true);
  });

  it('belong to one database handle', () => {
    expect(cappedCountsOf(ctx.deps.db)).toBe(cappedCountsOf(ctx.deps.db));
    expect(cappedCountsOf({} as typeof ctx.deps.db)).not.toBe(cappedCountsOf(ctx.deps.db));
  });
});
