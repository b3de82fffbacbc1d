// Spends per second through the credit ledger (ADR 0090) on PostgreSQL: `npm run bench -- credits`.
// Needs DATABASE_URL (a database of its own: the bench migrates it and adds companies marked "Bench credits").
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { like } from 'drizzle-orm';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { AppError } from '../apps/server/src/lib/errors';
import { companies } from '../apps/server/src/modules/companies/companies.schema';
import { addCredits, ledgerMismatches, spendCredits } from '../apps/server/src/modules/credits';
import { describeDatabase, formatTable, machineLine, percentile } from './login';

const MARKER = 'Bench credits';

type Scenario = { name: string; companies: number };
type Result = { spends: number; refused: number; seconds: number; latencies: number[] };

/** The bench's companies (made once, reused by later runs), each holding plenty of credits. */
async function benchCompanies(database: Database, count: number): Promise<string[]> {
  const { db } = database;
  const existing = await db
    .select({ id: companies.id })
    .from(companies)
    .where(like(companies.companyName, `${MARKER} %`))
    .orderBy(companies.companyName);
  const ids = existing.map((r) => r.id);
  for (let n = ids.length; n < count; n += 1) {
    const [row] = await db
      .insert(companies)
      .values({ companyName: `${MARKER} ${String(n).padStart(5, '0')}`, country: 'DE' })
      .returning({ id: companies.id });
    ids.push(row!.id);
  }
  const chosen = ids.slice(0, count);
  // Enough for any run: a spend is 1 credit, and a run makes at most some 100,000.
  for (const id of chosen) {
    await db.transaction((tx) =>
      addCredits(tx, { companyId: id, creditType: 'paid', amount: 200_000, reason: 'purchase', note: MARKER }),
    );
  }
  return chosen;
}

/** `clients` loops spending 1 credit each at a company of `ids` (one at random per spend), for `seconds`. */
async function load(database: Database, ids: string[], clients: number, seconds: number): Promise<Result> {
  const latencies: number[] = [];
  let refused = 0;
  const stopAt = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < stopAt) {
        const companyId = ids[Math.floor(Math.random() * ids.length)]!;
        const t0 = performance.now();
        try {
          await database.db.transaction((tx) =>
            spendCredits(tx, { companyId, amount: 1, reason: 'case_submission', caseId: randomUUID() }),
          );
          latencies.push(performance.now() - t0);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused += 1;
        }
      }
    }),
  );
  return { spends: latencies.length, refused, seconds: (performance.now() - started) / 1000, latencies };
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      clients: { type: 'string', default: '32' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      companies: { type: 'string', default: '1000' },
    },
  });
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'credits measures PostgreSQL: set DATABASE_URL=postgres://user:pass@host:5432/db (a database of its own;\n' +
        'the bench migrates it and adds companies named "Bench credits …").',
    );
    return 1;
  }
  const clients = Number(values.clients);
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const spread = Number(values.companies);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: clients });
  try {
    await migrateDatabase(database);
    console.info(machineLine());
    console.info(`Database: ${describeDatabase(url)}; ${clients} clients on a pool of ${clients} connections`);
    console.info(`Each spend: one transaction (lock the balance rows, write the entry, update the balance), 1 credit.`);
    const ids = await benchCompanies(database, spread);
    const scenarios: Scenario[] = [
      { name: 'one company (contended)', companies: 1 },
      { name: `${spread} companies (uncontended)`, companies: spread },
    ];
    const rows: string[][] = [];
    for (const scenario of scenarios) {
      const chosen = ids.slice(0, scenario.companies);
      await load(database, chosen, clients, warmup);
      const result = await load(database, chosen, clients, duration);
      const sorted = [...result.latencies].sort((a, b) => a - b);
      rows.push([
        scenario.name,
        String(clients),
        (result.spends / result.seconds).toFixed(0),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 95).toFixed(1),
        percentile(sorted, 99).toFixed(1),
        (sorted.at(-1) ?? 0).toFixed(1),
        String(result.spends),
        String(result.refused),
      ]);
    }
    console.info(
      `\n${formatTable(['scenario', 'clients', 'spends/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'spends', 'refused'], rows)}`,
    );
    const mismatches = (await Promise.all(ids.map((id) => ledgerMismatches(database.db, id)))).flat();
    console.info(`\nBalance check over the bench's ${ids.length} companies: ${mismatches.length} mismatches`);
    return mismatches.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
