import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestContext,
} from '../../test/setup-app';
import { recordLoginJob } from '../modules/sessions/sessions.jobs';
import { users } from '../modules/users/users.schema';
import { DATABASE_APPLICATION_NAME, openDatabase, queryRows } from './client';

/**
 * The database goes away and comes back (issue 28): every session of this process's pools is ended with
 * pg_terminate_backend while requests run. In-flight requests fail fast (503 in the error shape, none past 5 s, no
 * 500), the pools open new sessions by themselves, and the job queue's worker goes on. PostgreSQL only: PGlite runs
 * inside the process and has no sessions to end.
 */
describe.runIf(process.env.DATABASE_URL)('the database goes away and comes back', () => {
  let ctx: TestContext;
  let token: string;
  let admin: Awaited<ReturnType<typeof createTestAdmin>>;
  beforeAll(async () => {
    ctx = await createTestApp({ AUTH_CACHE_SECONDS: '0' });
    admin = await createTestAdmin(ctx.deps);
    token = (await loginAs(ctx.app, admin.mail)).token;
  });
  afterAll(() => ctx?.close());

  /** Ends every session of this process (its pools, its job queue, its notifications), from a connection of its own. */
  async function terminateOurSessions(): Promise<number> {
    const killer = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 1 });
    try {
      const rows = await queryRows<{ ended: boolean }>(
        killer.db,
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and application_name in (${DATABASE_APPLICATION_NAME}, ${`cuspid-jobs-${process.pid}`})`,
      );
      return rows.length;
    } finally {
      await killer.close();
    }
  }

  type Outcome = { status: number; ms: number; body: string };
  const call = async (url: string): Promise<Outcome> => {
    const started = performance.now();
    const response: LightMyRequestResponse = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: response.statusCode, ms: performance.now() - started, body: response.body };
  };

  it('answers in-flight requests 503 at once, never 500 or a hang, and recovers by itself; jobs resume', async () => {
    await ctx.deps.jobs.work(ctx.deps, { only: [recordLoginJob.name] });
    const outcomes: Outcome[] = [];
    let running = true;
    // Eight clients at once over a pool of four: sessions are busy, waiting and idle when they are ended.
    const clients = Array.from({ length: 8 }, async (_, n) => {
      const urls = ['/api/companies?limit_count=20', '/auth/list-users?limit_count=20', '/auth/profile'];
      for (let i = 0; running; i++) outcomes.push(await call(urls[(n + i) % urls.length]!));
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const ended = [await terminateOurSessions()];
    await new Promise((resolve) => setTimeout(resolve, 300));
    ended.push(await terminateOurSessions());
    await new Promise((resolve) => setTimeout(resolve, 400));
    running = false;
    await Promise.all(clients);

    expect(ended[0]).toBeGreaterThan(0);
    const statuses = new Map<number, number>();
    for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(unexpected.map((o) => `${o.status} ${o.body.slice(0, 200)}`)).toEqual([]);
    for (const o of outcomes.filter((o) => o.status === 503)) {
      expect(JSON.parse(o.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', requestId: expect.any(String) });
    }
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(5000);
    expect(statuses.get(200)).toBeGreaterThan(0);

    // Recovered: every call answers again, without a restart.
    for (let i = 0; i < 20; i++) expect((await call('/api/companies?limit_count=5')).status).toBe(200);

    // The worker goes on: a sign-in after the outage enqueues a job that is run.
    const user = await createTestUser(ctx.deps);
    await loginAs(ctx.app, user.mail);
    const until = Date.now() + 20_000;
    let lastLogin: Date | null = null;
    while (!lastLogin && Date.now() < until) {
      const [row] = await ctx.deps.db.select({ lastLogin: users.lastLogin }).from(users).where(eq(users.id, user.id));
      lastLogin = row?.lastLogin ?? null;
      if (!lastLogin) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(lastLogin).not.toBeNull();
    console.info(`database outage: ${outcomes.length} requests, by status ${JSON.stringify([...statuses])}`);
  }, 60_000);
});
