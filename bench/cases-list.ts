import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { loadGet, signIn, withSeededServer } from './authenticated-load';
import { formatTable, LOGIN_BODY } from './login';

/**
 * GET /api/case-lists at scale (issue 14): a million cases over 5,000 companies on PostgreSQL, a filtered and
 * sorted page at 32 concurrent clients, as staff (every company) and as a practice (its own cases). Target:
 * p95 under 30 ms. The generated cases are kept for the next run (marked by their notes).
 */
const TARGET_P95_MS = 30;
const CASE_MARKER = 'bench-cases';
const PRACTICE = { mail: 'practice@cuspid.local', password: LOGIN_BODY.password };

type Shape = { name: string; who: 'staff' | 'practice'; query: Record<string, string> };

const SHAPES: Shape[] = [
  { name: 'staff: newest first', who: 'staff', query: {} },
  { name: 'staff: in approval, newest first', who: 'staff', query: { status: 'in-approval' } },
  {
    name: 'staff: failed or unsupported, by name',
    who: 'staff',
    query: { status: 'failed,unsupported', sort_by: 'name', sort_dir: 'asc' },
  },
  { name: 'staff: one company, approved', who: 'staff', query: { status: 'approved', company: '1' } },
  { name: 'staff: last 30 days, queued', who: 'staff', query: { status: 'queued', from: 'recent' } },
  { name: 'staff: search patient "müller"', who: 'staff', query: { search: 'müller' } },
  { name: 'staff: page 40', who: 'staff', query: { page: '40' } },
  { name: 'practice: own cases, newest first', who: 'practice', query: {} },
  { name: 'practice: own, in approval', who: 'practice', query: { status: 'in-approval' } },
];

const STATUSES = [
  ['in-approval', 12],
  ['approved', 30],
  ['rejected', 5],
  ['finished', 35],
  ['queued', 1],
  ['in-progress', 1],
  ['done', 1],
  ['unsupported', 2],
  ['failed', 1],
  ['trash', 8],
  ['hidden', 2],
  ['flagged', 2],
] as const;

const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Dubois',
  'Martin',
  'García',
  'López',
  'Yılmaz',
  'Kaya',
  'Smith',
  'Jones',
  'Rossi',
  'Bianchi',
];
const WORK = ['Crown', 'Bridge', 'Inlay', 'Onlay', 'Veneer', 'Implant crown', 'Splint', 'Full arch'];

/** Inserts the generated cases and their jaws that are missing (a million by default), in batches of SQL. */
async function seedCases(pool: pg.Pool, total: number, companies: number): Promise<{ inserted: number; ms: number }> {
  const started = Date.now();
  const [{ have } = { have: 0 }] = (
    await pool.query<{ have: number }>('select count(*)::int as have from backend.cases where notes = $1', [
      CASE_MARKER,
    ])
  ).rows;
  const missing = total - have;
  if (missing > 0) {
    const ids = await pool.query<{ id: string }>(
      `select id from backend.companies where external_order_number = 'bench-users' order by id limit $1`,
      [companies],
    );
    const companyIds = ids.rows.map((r) => r.id);
    const practice = await pool.query<{ company_id: string }>(`select company_id from auth.users where mail = $1`, [
      PRACTICE.mail,
    ]);
    // The demo practice gets its share like any company, so the practice rows measure a real tenant.
    companyIds.push(practice.rows[0]!.company_id);
    const weights = STATUSES.flatMap(([status, weight]) => Array.from({ length: weight }, () => status));
    const BATCH = 50_000;
    for (let start = 0; start < missing; start += BATCH) {
      const n = Math.min(BATCH, missing - start);
      // Deterministic spread: row k of the whole set gets company k mod C, status by a hash, five years of dates.
      await pool.query(
        `insert into backend.cases (company_id, name, patient, patient_birth_year, notes, status, previous_status,
           upper_teeth, lower_teeth, credits_spent, processing_run, engine, result_count, created_at, updated_at)
         select ($1::uuid[])[1 + (k % array_length($1::uuid[], 1))],
           ($2::text[])[1 + (k * 7 % array_length($2::text[], 1))] || ' ' || (11 + k % 8),
           ($3::text[])[1 + (k * 13 % array_length($3::text[], 1))] || ', P-' || k,
           1940 + k % 70, $5,
           s.status,
           case when s.status in ('trash', 'hidden', 'flagged') then 'approved' end,
           '{11,21}', '{}', 8, 1, 'reference', 1,
           now() - (k::float / $6) * interval '1825 days', now() - (k::float / $6) * interval '1825 days'
         from generate_series($4::int, $4::int + $7::int - 1) as k
         cross join lateral (select ($8::text[])[1 + (abs(hashint4(k)) % array_length($8::text[], 1))] as status) s`,
        [companyIds, WORK, LAST, have + start, CASE_MARKER, total, n, weights],
      );
      process.stdout.write(`  … ${have + start + n} cases\n`);
    }
    await pool.query(
      `insert into backend.case_jaws (case_id, jaw, file_name, content_type, size, sha256, storage_key, status)
       select c.id, j.jaw, j.jaw || '.stl', 'model/stl', 8000000, repeat('0', 64), 'bench/' || c.id || '/' || j.jaw,
         case when c.status in ('queued', 'in-progress') then 'queued' when c.status = 'unsupported' then 'unsupported' else 'done' end
       from backend.cases c cross join (values ('upper'), ('lower')) j(jaw)
       where c.notes = $1 and not exists (select 1 from backend.case_jaws x where x.case_id = c.id)`,
      [CASE_MARKER],
    );
  }
  for (const table of ['backend.cases', 'backend.case_jaws']) await pool.query(`vacuum analyze ${table}`);
  return { inserted: Math.max(0, missing), ms: Date.now() - started };
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '32' },
      cases: { type: 'string', default: '1000000' },
      companies: { type: 'string', default: '5000' },
      only: { type: 'string' },
      // A V8 CPU profile of the server, written to this folder when it stops (open it in Chrome DevTools).
      'server-cpu-prof': { type: 'string' },
    },
  });
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const levels = values.connections.split(',').map(Number);
  const profileDir = values['server-cpu-prof'];
  const shapes = values.only ? SHAPES.filter((s) => s.name.includes(values.only!)) : SHAPES;
  return withSeededServer(
    {
      name: 'cases',
      services: 'auth,api',
      users: 10_000,
      companies: Number(values.companies),
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
    },
    async ({ server, pool }) => {
      console.info(`Seeding ${values.cases} cases over ${values.companies} companies (kept for the next run)…`);
      const seeded = await seedCases(pool, Number(values.cases), Number(values.companies));
      const [{ total } = { total: 0 }] = (
        await pool.query<{ total: number }>('select count(*)::int as total from backend.cases')
      ).rows;
      console.info(
        `Seed: ${seeded.inserted} inserted now in ${(seeded.ms / 1000).toFixed(1)} s; ${total} cases in all`,
      );
      const tokens = { staff: await signIn(server.baseUrl), practice: await signIn(server.baseUrl, PRACTICE) };
      const [{ id: oneCompany } = { id: '' }] = (
        await pool.query<{ id: string }>(
          `select company_id as id from backend.cases where notes = $1 group by company_id order by count(*) desc limit 1`,
          [CASE_MARKER],
        )
      ).rows;
      const recent = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
      const rows: string[][] = [];
      const over: string[] = [];
      for (const shape of shapes) {
        const query = { ...shape.query };
        if (query.company) query.company_id = oneCompany;
        delete query.company;
        if (query.from === 'recent') query.from = recent;
        const url = `${server.baseUrl}/api/case-lists?${new URLSearchParams({ per_page: '25', ...query })}`;
        for (const connections of levels) {
          process.stdout.write(`… ${shape.name}, ${connections} connection(s)\n`);
          const { body, latencies } = await loadGet<{ total?: number }>(
            url,
            tokens[shape.who],
            connections,
            warmup,
            duration,
          );
          rows.push([
            shape.name,
            String(connections),
            String(body.total ?? -1),
            latencies.requestsPerSecond.toFixed(0),
            latencies.p50.toFixed(1),
            latencies.p95.toFixed(1),
            latencies.p99.toFixed(1),
            String(latencies.non2xx + latencies.errors),
          ]);
          if (latencies.p95 >= TARGET_P95_MS || latencies.non2xx + latencies.errors > 0)
            over.push(
              `${shape.name} at ${connections}: p95 ${latencies.p95.toFixed(1)} ms, ${latencies.non2xx} non-2xx`,
            );
        }
      }
      console.info(
        `\n${formatTable(['query', 'conn', 'total', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'], rows)}\n`,
      );
      console.info(`Target: p95 < ${TARGET_P95_MS} ms for every shape (total counts up to 10,000, then "more").`);
      for (const line of over) console.error(`OVER BUDGET: ${line}`);
      return over.length ? 1 : 0;
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
