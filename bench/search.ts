import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import type { Deps } from '../apps/server/src/deps';
import type { Actor } from '../apps/server/src/lib/actor';
import { modules } from '../apps/server/src/modules';
import { type Latencies, loadGet, signIn, withSeededServer } from './authenticated-load';
import { formatTable, LOGIN_BODY } from './login';
import { BENCH_COMPANY_MARKER, BENCH_MAIL_SUFFIX } from './seed-users';

const TARGET_P95_MS = 50;

/** The demo reseller (seeded with the demo accounts); the bench puts some generated companies below it. */
const RESELLER_LOGIN = { mail: 'reseller@cuspid.local', password: 'Cuspid#Demo1' } as const;
/** Every this-many-th generated company gets the demo reseller as its reseller. */
const RESELLER_EVERY = 10;

type Caller = 'admin' | 'reseller';
type Shape = { name: string; caller: Caller; q: string };

/** What people type into the palette: terms chosen against the generated data (bench/seed-users.ts). */
const SHAPES: Shape[] = [
  { name: 'common trigram "sch"', caller: 'admin', q: 'sch' },
  { name: 'common trigram "ann"', caller: 'admin', q: 'ann' },
  { name: 'common name "müller"', caller: 'admin', q: 'müller' },
  { name: 'full name "julia schmidt"', caller: 'admin', q: 'julia schmidt' },
  { name: 'rare substring "nna.wei"', caller: 'admin', q: 'nna.wei' },
  { name: 'company word "alpen"', caller: 'admin', q: 'alpen' },
  { name: 'mail domain "zahnrhein"', caller: 'admin', q: 'zahnrhein' },
  { name: 'no match "qxzj"', caller: 'admin', q: 'qxzj' },
  { name: 'reseller, common trigram "sch"', caller: 'reseller', q: 'sch' },
  { name: 'reseller, common name "müller"', caller: 'reseller', q: 'müller' },
  { name: 'reseller, no match "qxzj"', caller: 'reseller', q: 'qxzj' },
];

type Run = {
  shape: string;
  connections: number;
  groups: string;
} & Latencies;

async function measure(
  baseUrl: string,
  token: string,
  shape: Shape,
  connections: number,
  warmup: number,
  duration: number,
): Promise<Run> {
  const url = `${baseUrl}/api/search?q=${encodeURIComponent(shape.q)}`;
  const { body, latencies } = await loadGet<{ groups?: { area: string; items: unknown[]; has_more: boolean }[] }>(
    url,
    token,
    connections,
    warmup,
    duration,
  );
  const groups =
    (body.groups ?? []).map((g) => `${g.area} ${g.items.length}${g.has_more ? '+' : ''}`).join(', ') || 'none';
  return { shape: shape.name, connections, groups, ...latencies };
}

/** Puts every RESELLER_EVERY-th generated company below the demo reseller's company (idempotent). */
async function attachToReseller(pool: pg.Pool): Promise<{ companyId: string; children: number; users: number }> {
  const { rows } = await pool.query<{ company_id: string }>('select company_id from auth.users where mail = $1', [
    RESELLER_LOGIN.mail,
  ]);
  const companyId = rows[0]?.company_id;
  if (!companyId) throw new Error(`${RESELLER_LOGIN.mail} is missing: the demo accounts were not seeded`);
  await pool.query(
    `update backend.companies c set reseller_id = $1
       from (select id, row_number() over (order by company_name, id) as n
               from backend.companies where external_order_number = $2) picked
      where c.id = picked.id and picked.n % $3 = 0 and c.reseller_id is distinct from $1`,
    [companyId, BENCH_COMPANY_MARKER, RESELLER_EVERY],
  );
  const counted = await pool.query<{ children: number; users: number }>(
    `select (select count(*)::int from backend.companies where reseller_id = $1) as children,
            (select count(*)::int from auth.users u join backend.companies c on c.id = u.company_id
              where c.reseller_id = $1 and u.deleted_at is null) as users`,
    [companyId],
  );
  return { companyId, ...counted.rows[0]! };
}

/** EXPLAIN ANALYZE of the SQL every provider sends for a shape, as staff (captured through Drizzle's logger). */
async function explain(pool: pg.Pool, shape: Shape, resellerCompanyId: string): Promise<string> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  const actor: Actor = {
    kind: 'user',
    sessionId: 'bench',
    twoFactorSetupRequired: false,
    userId: '00000000-0000-4000-8000-000000000000',
    companyId: resellerCompanyId,
    roles: [],
    permissions: [],
    isStaff: shape.caller === 'admin',
  };
  for (const provider of modules.flatMap((m) => m.search ?? [])) {
    await provider.search({ db } as Deps, actor, shape.q, 6);
  }
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
      explain: { type: 'boolean', default: true },
    },
  });
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const levels = values.connections.split(',').map(Number);
  const shapes = values.only ? SHAPES.filter((s) => s.name.includes(values.only!)) : SHAPES;

  return withSeededServer(
    { name: 'search', services: 'auth,api', users: Number(values.users), companies: Number(values.companies) },
    async ({ server, pool, seeded }) => {
      const reseller = await attachToReseller(pool);
      await pool.query('analyze backend.companies');
      console.info(
        `Seed: ${seeded.users} generated users (*${BENCH_MAIL_SUFFIX}) in ${seeded.companies} companies, ${seeded.insertedUsers} inserted now, ${(seeded.ms / 1000).toFixed(1)} s; ` +
          `${RESELLER_LOGIN.mail} has ${reseller.children} companies below it with ${reseller.users} users`,
      );
      const tokens: Record<Caller, string> = {
        admin: await signIn(server.baseUrl, LOGIN_BODY),
        reseller: await signIn(server.baseUrl, RESELLER_LOGIN),
      };
      console.info(
        `Target: GET /api/search?q=… (5 items per area) as ${LOGIN_BODY.mail} (every area) or ${RESELLER_LOGIN.mail} (companies, users); ${warmup} s warm-up + ${duration} s per row\n`,
      );

      const runs: Run[] = [];
      for (const shape of shapes) {
        for (const connections of levels) {
          process.stdout.write(`… ${shape.name}, ${connections} connection(s)\n`);
          runs.push(await measure(server.baseUrl, tokens[shape.caller], shape, connections, warmup, duration));
        }
      }
      const ms = (n: number) => n.toFixed(1);
      console.info(
        `\n${formatTable(
          ['query', 'conn', 'groups (items, + more)', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx'],
          runs.map((r) => [
            r.shape,
            String(r.connections),
            r.groups,
            r.requestsPerSecond.toFixed(1),
            ms(r.p50),
            ms(r.p95),
            ms(r.p99),
            ms(r.max),
            String(r.non2xx + r.errors),
          ]),
        )}\n`,
      );
      console.info(
        'Latencies: exact nearest-rank percentiles over every 2xx response of the window (warm-up excluded).',
      );

      const slowest = runs.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      console.info(
        `\nSlowest shape by p95: "${slowest.shape}" (${ms(slowest.p95)} ms at ${slowest.connections} connection(s))`,
      );
      if (values.explain)
        console.info(await explain(pool, shapes.find((s) => s.name === slowest.shape)!, reseller.companyId));

      const failed = runs.filter((r) => r.non2xx > 0 || r.errors > 0);
      for (const r of failed)
        console.error(`FAIL: ${r.shape} at ${r.connections}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const overBudget = runs.filter((r) => r.p95 >= TARGET_P95_MS);
      for (const r of overBudget) {
        console.error(
          `OVER BUDGET: ${r.shape} at ${r.connections} connection(s): p95 ${ms(r.p95)} ms ≥ ${TARGET_P95_MS} ms`,
        );
      }
      if (failed.length || overBudget.length) return 1;
      console.info(`\nPASS: every shape answered with p95 < ${TARGET_P95_MS} ms.`);
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
