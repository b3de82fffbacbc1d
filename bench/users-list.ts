import path from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import { listUsers } from '../apps/server/src/modules/users';
import { type Latencies, loadGet, signIn, withSeededServer } from './authenticated-load';
import { formatTable, LOGIN_BODY, percentile } from './login';
import { BENCH_MAIL_SUFFIX } from './seed-users';

const TARGET_P95_MS = 50;
/** The API's throughput as a share of the same SQL run raw (issue 12). */
const TARGET_SHARE = 0.5;

type Shape = { name: string; query: { limit_start: number; search?: string; sort_by?: string; sort_dir?: string } };

/** The query shapes of the user screen: terms chosen against the generated data (bench/seed-users.ts). */
const SHAPES: Shape[] = [
  { name: 'no search, first page', query: { limit_start: 0 } },
  { name: 'no search, deep page (50,000)', query: { limit_start: 50_000 } },
  { name: 'common prefix "an"', query: { limit_start: 0, search: 'an' } },
  { name: 'common name "müller"', query: { limit_start: 0, search: 'müller' } },
  { name: 'rare substring "nna.wei"', query: { limit_start: 0, search: 'nna.wei' } },
  { name: 'full name "julia schmidt"', query: { limit_start: 0, search: 'julia schmidt' } },
  { name: 'mail domain', query: { limit_start: 0, search: 'zahnrhein' } },
  { name: 'company name "alpen"', query: { limit_start: 0, search: 'Alpen' } },
  { name: 'search, page 4, by last name', query: { limit_start: 75, search: 'schmidt', sort_by: 'last_name' } },
  { name: 'no match', query: { limit_start: 0, search: 'qxzj' } },
];

type Run = {
  shape: string;
  /** The same SQL run raw with node-postgres at the same concurrency (see measureRaw). */
  raw?: RawRun;
  connections: number;
  count: number;
} & Latencies;

const queryString = (q: Shape['query']) =>
  new URLSearchParams(
    Object.entries({ ...q, limit_count: 25 })
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

async function measure(
  baseUrl: string,
  token: string,
  shape: Shape,
  connections: number,
  warmup: number,
  duration: number,
): Promise<Run> {
  const url = `${baseUrl}/auth/list-users?${queryString(shape.query)}`;
  const { body, latencies } = await loadGet<{ count?: number }>(url, token, connections, warmup, duration);
  return { shape: shape.name, connections, count: body.count ?? -1, ...latencies };
}

type Statement = { sql: string; params: unknown[] };

/** The exact SQL the repository sends for a shape, as the demo admin (captured through Drizzle's logger). */
async function captureSql(pool: pg.Pool, shape: Shape): Promise<Statement[]> {
  const captured: Statement[] = [];
  const db = drizzle(pool, {
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  await listUsers(db, undefined, {
    offset: shape.query.limit_start,
    limit: 25,
    search: shape.query.search,
    sortBy: shape.query.sort_by ?? 'created_at',
    sortDir: (shape.query.sort_dir as 'asc' | 'desc' | undefined) ?? 'asc',
  });
  return captured;
}

type RawRun = { listsPerSecond: number; p50: number; p95: number };

/**
 * The shape's SQL without the server: `connections` clients of one pg Pool (as many connections as the
 * load's), each sending the statements of one list one after another, as fast as they are answered, for
 * `duration` seconds after `warmup`. What the API could answer at best with this database on this machine.
 */
async function measureRaw(
  url: string,
  statements: Statement[],
  connections: number,
  warmup: number,
  duration: number,
): Promise<RawRun> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    const run = async (seconds: number, latencies?: number[]) => {
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          const client = await pool.connect();
          try {
            while (performance.now() < end) {
              const start = performance.now();
              for (const statement of statements) await client.query(statement.sql, statement.params);
              latencies?.push(performance.now() - start);
            }
          } finally {
            client.release();
          }
        }),
      );
    };
    if (warmup > 0) await run(warmup);
    const latencies: number[] = [];
    const started = performance.now();
    await run(duration, latencies);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      listsPerSecond: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
    };
  } finally {
    await pool.end();
  }
}

/** EXPLAIN ANALYZE of the exact SQL the repository sends for a shape. */
async function explain(pool: pg.Pool, shape: Shape): Promise<string> {
  const captured = await captureSql(pool, shape);
  const parts: string[] = [];
  for (const query of captured) {
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
    parts.push(
      `${query.sql}\n  params: ${JSON.stringify(query.params)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
    );
  }
  return parts.join('\n\n');
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '1,8' },
      users: { type: 'string', default: '100000' },
      companies: { type: 'string', default: '500' },
      only: { type: 'string' },
      'server-cpu-prof': { type: 'string' },
      'no-raw': { type: 'boolean', default: false },
    },
  });
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const levels = values.connections.split(',').map(Number);
  const shapes = values.only ? SHAPES.filter((s) => s.name.includes(values.only!)) : SHAPES;

  // `--server-cpu-prof=DIR`: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profileDir = values['server-cpu-prof'];
  return withSeededServer(
    {
      name: 'users',
      services: 'auth',
      users: Number(values.users),
      companies: Number(values.companies),
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
    },
    async ({ server, pool, url, seeded }) => {
      const [{ total } = { total: 0 }] = (
        await pool.query<{ total: number }>('select count(*)::int as total from auth.users where deleted_at is null')
      ).rows;
      console.info(
        `Seed: ${seeded.users} generated users (*${BENCH_MAIL_SUFFIX}) in ${seeded.companies} companies, ${seeded.insertedUsers} inserted now, ${(seeded.ms / 1000).toFixed(1)} s; ${total} live users in total`,
      );
      const token = await signIn(server.baseUrl);
      console.info(
        `Target: GET /auth/list-users?limit_count=25&… as ${LOGIN_BODY.mail}; ${warmup} s warm-up + ${duration} s per row\n`,
      );

      const runs: Run[] = [];
      for (const shape of shapes) {
        const statements = await captureSql(pool, shape);
        for (const connections of levels) {
          process.stdout.write(`… ${shape.name}, ${connections} connection(s)\n`);
          const run = await measure(server.baseUrl, token, shape, connections, warmup, duration);
          if (!values['no-raw']) run.raw = await measureRaw(url, statements, connections, warmup, duration);
          runs.push(run);
        }
      }
      const ms = (n: number) => n.toFixed(1);
      console.info(
        `\n${formatTable(
          [
            'query',
            'conn',
            'count',
            'req/s',
            'p50 ms',
            'p95 ms',
            'p99 ms',
            'max ms',
            'non-2xx',
            'raw lists/s',
            'raw p50',
            'raw p95',
            'API share',
          ],
          runs.map((r) => [
            r.shape,
            String(r.connections),
            String(r.count),
            r.requestsPerSecond.toFixed(1),
            ms(r.p50),
            ms(r.p95),
            ms(r.p99),
            ms(r.max),
            String(r.non2xx + r.errors),
            r.raw ? r.raw.listsPerSecond.toFixed(1) : '–',
            r.raw ? ms(r.raw.p50) : '–',
            r.raw ? ms(r.raw.p95) : '–',
            r.raw ? `${((r.requestsPerSecond / r.raw.listsPerSecond) * 100).toFixed(0)} %` : '–',
          ]),
        )}\n`,
      );
      console.info(
        'Latencies: exact nearest-rank percentiles over every 2xx response of the window (warm-up excluded).',
      );
      console.info(
        'raw: the same SQL statements (captured from the repository for the demo admin) sent by a pg Pool of as many\n' +
          'connections, one list after another per connection, right after the API row; API share = req/s ÷ raw lists/s.',
      );

      const slowest = runs.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      const slowShape = shapes.find((s) => s.name === slowest.shape)!;
      console.info(
        `\nSlowest shape by p95: "${slowest.shape}" (${ms(slowest.p95)} ms at ${slowest.connections} connection(s))`,
      );
      console.info(await explain(pool, slowShape));

      const failed = runs.filter((r) => r.non2xx > 0 || r.errors > 0);
      for (const r of failed)
        console.error(`FAIL: ${r.shape} at ${r.connections}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const overBudget = runs.filter((r) => r.p95 >= TARGET_P95_MS);
      for (const r of overBudget) {
        console.error(
          `OVER BUDGET: ${r.shape} at ${r.connections} connection(s): p95 ${ms(r.p95)} ms ≥ ${TARGET_P95_MS} ms`,
        );
      }
      const lowShare = runs.filter((r) => r.raw && r.requestsPerSecond < r.raw.listsPerSecond * TARGET_SHARE);
      for (const r of lowShare) {
        console.error(
          `BELOW SHARE: ${r.shape} at ${r.connections} connection(s): the API answers ${((r.requestsPerSecond / r.raw!.listsPerSecond) * 100).toFixed(0)} % of raw SQL's lists/s (target ${TARGET_SHARE * 100} %)`,
        );
      }
      if (failed.length || overBudget.length || lowShare.length) return 1;
      console.info(
        `\nPASS: every shape answered with p95 < ${TARGET_P95_MS} ms${values['no-raw'] ? '' : ` and at least ${TARGET_SHARE * 100} % of raw SQL's throughput`}.`,
      );
      return 0;
    },
  );
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
