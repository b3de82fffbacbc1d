import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestUser, loginAs, type TestContext } from '../../test/setup-app';
import { recordLoginJob } from '../modules/sessions/sessions.jobs';
import { users } from '../modules/users/users.schema';
import { defineJob } from './define-job';
import { createJobQueue } from './queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function waitFor<T>(probe: () => Promise<T | undefined | null>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

const jobsOf = async (userId: string) =>
  (await ctx.deps.jobs.boss.findJobs(recordLoginJob.name, { data: { userId } })) ?? [];

describe('the job queue', () => {
  it('keeps no job when the transaction that enqueued it rolls back', async () => {
    const user = await createTestUser(ctx.deps);
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await ctx.deps.jobs.enqueue(recordLoginJob, { userId: user.id, at: new Date().toISOString() }, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await jobsOf(user.id)).toHaveLength(0);
  });

  it('refuses a payload that does not match the job’s schema', async () => {
    await expect(ctx.deps.jobs.enqueue(recordLoginJob, { userId: 'not-a-uuid', at: 'yesterday' })).rejects.toThrow();
  });

  it('runs the job a sign-in enqueued: the worker records the last login', async () => {
    const user = await createTestUser(ctx.deps);
    await loginAs(ctx.app, user.mail);
    expect(await jobsOf(user.id)).toHaveLength(1);
    // Only this test's job: on a shared PostgreSQL database other test files' jobs are not ours to run.
    await ctx.deps.jobs.work(ctx.deps, { only: [recordLoginJob.name] });
    const lastLogin = await waitFor(async () => {
      const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
      return row?.lastLogin;
    });
    expect(Date.now() - lastLogin.getTime()).toBeLessThan(60_000);
  });

  it('settles each job of a batch on its own: a failing job does not fail the others', async () => {
    const handled: string[] = [];
    const flakyJob = defineJob({
      name: 'test.flaky',
      payload: z.object({ key: z.string(), fail: z.boolean() }),
      options: { retryLimit: 0 },
      handler: async ({ key, fail }) => {
        if (fail) throw new Error(`job ${key} fails`);
        handled.push(key);
      },
    });
    const queue = createJobQueue(ctx.deps.database, [flakyJob], pino({ level: 'silent' }), {
      schema: ctx.deps.config.jobSchema,
      schedule: false,
      pollingIntervalSeconds: 0.5,
    });
    await queue.start();
    try {
      for (const [key, fail] of [
        ['a', false],
        ['b', true],
        ['c', false],
      ] as const) {
        await queue.enqueue(flakyJob, { key, fail });
      }
      await queue.work(ctx.deps);
      const states = await waitFor(async () => {
        const jobs = (await queue.boss.findJobs(flakyJob.name)) ?? [];
        const byKey = Object.fromEntries(jobs.map((j) => [(j.data as { key: string }).key, j.state]));
        return Object.values(byKey).every((state) => state === 'completed' || state === 'failed') ? byKey : undefined;
      });
      expect(states).toEqual({ a: 'completed', b: 'failed', c: 'completed' });
      expect(handled.sort()).toEqual(['a', 'c']);
    } finally {
      await queue.stop();
    }
  });
});
