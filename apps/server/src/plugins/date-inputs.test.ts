import { DATE_MAX_YEAR, DATE_MIN_YEAR } from '@cuspid/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { dateFieldsOf } from '../../test/date-fields';
import { bearer, createTestAdmin, createTestApp, loginAs, type TestContext } from '../../test/setup-app';
import { type RouteEntry, routeTableOf } from './route-table';

/**
 * Date inputs (issue 28, finding 3): every date or date-time a route takes obeys the project's date rule (years
 * 1900 to 2999), and every route that takes a date range answers its extremes (the widest range the rule allows,
 * years 1 and 9999, reversed and open ranges) with a 4xx or within a second: a report refuses a range holding more
 * buckets than it answers before it computes anything.
 */

let ctx: TestContext;
let token: string;
let companyId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createTestAdmin(ctx.deps);
  token = (await loginAs(ctx.app, admin.mail)).token;
  companyId = admin.companyId;
});
afterAll(() => ctx?.close());

const routesOf = () => routeTableOf(ctx.app);

describe('date inputs', () => {
  it('every date field of every route takes the date rule (years 1900 to 2999)', () => {
    const fields = routesOf().flatMap((route) =>
      dateFieldsOf(route).map((field) => ({ route: `${route.method} ${route.url}`, ...field })),
    );
    // The walk finds the project's date fields (a change that hid them from it would empty this list).
    expect(fields.length).toBeGreaterThan(20);
    expect(fields.filter((field) => !field.ruled).map((f) => `${f.route} ${f.part}.${f.path}`)).toEqual([]);
  });

  const first = `${DATE_MIN_YEAR}-01-01`;
  const last = `${DATE_MAX_YEAR}-12-31`;
  /** Ranges a caller may send: every one must be refused (4xx) or answered within a second. */
  const EXTREMES: Record<string, string>[] = [
    { from: first, to: last },
    { from: '0001-01-01', to: '9999-12-30' },
    { to: '9999-12-31' },
    { from: '0001-01-01' },
    { to: last },
    { from: first },
    { from: last },
    { to: first },
    { from: last, to: first },
    { from: '275760-09-13', to: '-271821-04-20' },
  ];

  /** GET routes whose query takes a date range (`from`/`to`), with the enum values each could be asked with. */
  function rangeRoutes() {
    return routesOf()
      .filter((route) => route.method === 'GET' && !route.stream)
      .map((route) => ({
        route,
        dates: dateFieldsOf(route).filter((field) => field.part === 'querystring'),
        variants: enumVariants(route.schema.querystring),
      }))
      .filter(({ dates }) => dates.some((d) => d.path === 'from') && dates.some((d) => d.path === 'to'));
  }

  /** The route's path with its ids: the caller's own company (the report routes name a company). */
  const urlOf = (route: RouteEntry) => route.url.replace(/:(\w+)/g, () => companyId);

  async function timed(url: string): Promise<{ response: LightMyRequestResponse; ms: number }> {
    const started = performance.now();
    const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { response, ms: performance.now() - started };
  }

  it('finds the report and list routes that take a date range', () => {
    const found = rangeRoutes().map(({ route }) => route.url);
    expect(found).toEqual(
      expect.arrayContaining(['/api/balance-history/:id', '/api/credit-history/:id', '/api/invoices']),
    );
  });

  it('answers every route with a date range at its extremes with a 4xx or within 1 s', async () => {
    const slow: string[] = [];
    for (const { route, variants } of rangeRoutes()) {
      // The route answers a plain month: the extremes below reach its computation, not a 404.
      const baseline = await timed(`${urlOf(route)}?from=2026-01-01&to=2026-01-31`);
      expect(baseline.response.statusCode, `${route.url} ${baseline.response.body.slice(0, 200)}`).toBe(200);
      for (const variant of variants) {
        for (const range of EXTREMES) {
          const query = new URLSearchParams({ ...variant, ...range }).toString();
          const { response, ms } = await timed(`${urlOf(route)}?${query}`);
          const where = `GET ${route.url}?${query} → ${response.statusCode} in ${Math.round(ms)} ms`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode < 400 && ms > 1000) slow.push(where);
          if (response.statusCode >= 400) expect(response.json(), where).toMatchObject({ code: expect.any(String) });
        }
      }
    }
    expect(slow).toEqual([]);
  });

  it('refuses a balance history longer than its largest range, naming it, before computing anything', async () => {
    const byDay = await timed(`/api/balance-history/${companyId}?from=1900-01-01&to=2999-12-31&interval=day`);
    expect(byDay.response.statusCode).toBe(400);
    expect(byDay.response.json()).toMatchObject({
      code: 'REPORT_RANGE_TOO_LONG',
      message: 'The range is too long: choose at most 1098 days',
      params: { max: 1098, context: 'day' },
    });
    expect(byDay.ms).toBeLessThan(1000);
    const byMonth = await timed(`/api/balance-history/${companyId}?from=1900-01-01&to=2999-12-31&interval=month`);
    expect(byMonth.response.json()).toMatchObject({
      code: 'REPORT_RANGE_TOO_LONG',
      params: { max: 240, context: 'month' },
    });
    // The largest range itself is answered, every bucket present.
    const widest = await timed(`/api/balance-history/${companyId}?from=2024-01-01&to=2026-12-31&interval=day`);
    expect(widest.response.statusCode).toBe(200);
    expect(widest.response.json().data).toHaveLength(1096);
    const months = await timed(`/api/balance-history/${companyId}?from=2007-01-01&to=2026-12-31&interval=month`);
    expect(months.response.json().data).toHaveLength(240);
  });

  it('refuses a date past the rule in credit history instead of failing (the day after 9999-12-31)', async () => {
    const { response } = await timed(`/api/credit-history/${companyId}?to=9999-12-31`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { to: [expect.any(String)] } });
  });
});

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** One query per value of each enum field of the query (e.g. `interval=day`, `interval=month`), or one plain query. */
function enumVariants(schema: ZodType | undefined): Record<string, string>[] {
  if (!schema) return [{}];
  const shape = (defOf(schema).shape ?? {}) as Record<string, ZodType>;
  const variants: Record<string, string>[] = [];
  for (const [key, field] of Object.entries(shape)) {
    let def = defOf(field);
    while (['optional', 'default', 'nullable', 'prefault'].includes(def.type)) def = defOf(def.innerType);
    if (def.type !== 'enum' || key.startsWith('sort')) continue;
    for (const value of Object.values(def.entries as Record<string, string>)) variants.push({ [key]: value });
  }
  return variants.length ? variants : [{}];
}
