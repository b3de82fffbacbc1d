import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase } from '../../../test/cases';
import { createTestApp, type TestContext } from '../../../test/setup-app';
import { companies } from '../companies/companies.schema';
import { ledgerMismatches } from '../credits';
import { creditLedger } from '../credits/credits.schema';
import { enqueueProcessing } from './cases.processing';
import { caseLogs, caseResults, cases } from './cases.schema';

/**
 * A worker process killed in the middle of a processing run (issue 14): after a worker starts again, the case is
 * processed once, with one result version and the credits spent once. Separate workers need a PostgreSQL server
 * (the embedded database serves one process), so this runs in the DATABASE_URL pass of the tests.
 */
const url = process.env.DATABASE_URL;
const serverDir = path.resolve(import.meta.dirname, '../../..');

let ctx: TestContext;
let jobSchema: string;
let dataDir: string;
beforeAll(async () => {
  if (!url) return;
  jobSchema = `pgboss_crash_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  // The app only enqueues; the workers are the separate processes below.
  ctx = await createTestApp({ JOB_SCHEMA: jobSchema, WORKERS_IN_PROCESS: 'false' });
  dataDir = ctx.deps.config.dataDir;
});
afterAll(() => ctx?.close());

function startWorker(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JOB_SCHEMA: jobSchema,
      JOB_SUPERVISE_INTERVAL_SECONDS: '2',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number, every = 20): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, every));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const statusOf = async (id: string) =>
  (await ctx.deps.db.select({ status: cases.status }).from(cases).where(eq(cases.id, id)))[0]?.status;

describe.skipIf(!url)('a worker killed during processing', () => {
  it('is taken over after restart: the case is processed once, with its credits spent once', async () => {
    const [company] = await ctx.deps.db
      .insert(companies)
      .values({ companyName: `Crash ${randomUUID().slice(0, 6)}`, country: 'DE' })
      .returning();
    // Large enough jaws that the run takes a moment to kill it in.
    const upper = jawFixtureStl({ jaw: 'upper', triangles: 400_000 });
    const lower = jawFixtureStl({ jaw: 'lower', triangles: 400_000 });
    const { id, row } = await createTestCase(ctx.deps, {
      companyId: company!.id,
      status: 'queued',
      credits: 6,
      files: { upper: { fileName: 'upper.stl', content: upper }, lower: { fileName: 'lower.stl', content: lower } },
    });
    await ctx.deps.db.transaction((tx) => enqueueProcessing(ctx.deps, tx, row));

    const first = startWorker();
    let second: ChildProcess | undefined;
    try {
      await until(
        'the first worker to start the run',
        async () => ((await statusOf(id)) === 'in-progress' ? true : undefined),
        60_000,
      );
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      expect(await statusOf(id)).toBe('in-progress');

      second = startWorker();
      const status = await until(
        'the run to finish on the second worker',
        async () => {
          const s = await statusOf(id);
          return s === 'in-progress' ? undefined : s;
        },
        120_000,
        200,
      );
      expect(status).toBe('in-approval');
    } finally {
      first.kill('SIGKILL');
      second?.kill('SIGTERM');
      if (second) await new Promise((resolve) => second!.once('exit', resolve));
    }
    const results = await ctx.deps.db.select().from(caseResults).where(eq(caseResults.caseId, id));
    expect(results).toHaveLength(1);
    const spends = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.caseId, id), eq(creditLedger.reason, 'case_submission')));
    expect(spends.map((e) => e.amount)).toEqual([-6]);
    const refunds = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.caseId, id), eq(creditLedger.reason, 'refund')));
    expect(refunds).toEqual([]);
    const messages = (await ctx.deps.db.select().from(caseLogs).where(eq(caseLogs.caseId, id))).map((l) => l.message);
    expect(messages).toContain('Processing resumed (attempt 1)');
    expect(messages.filter((m) => m === 'Processing done')).toHaveLength(1);
    expect(await ledgerMismatches(ctx.deps.db, company!.id)).toEqual([]);
  }, 240_000);
});
