import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, type JobResult, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { JobDefinition, JobQueue } from '../deps';

export const DEFAULT_JOB_SCHEMA = 'pgboss';

export function createJobQueue(
  database: Database,
  jobs: readonly JobDefinition<unknown>[],
  logger: Logger,
  options: {
    pollingIntervalSeconds?: number;
    schedule?: boolean;
    schema?: string;
    superviseIntervalSeconds?: number;
  } = {},
): JobQueue {
  const schema = options.schema ?? DEFAULT_JOB_SCHEMA;
  // How often an instance looks for jobs whose worker stopped sending heartbeats (a crashed process), among others.
  const supervise = options.superviseIntervalSeconds
    ? { superviseIntervalSeconds: options.superviseIntervalSeconds }
    : {};
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(database.pglite as PGlite),
          backend: 'pglite',
          schema,
          schedule: options.schedule ?? true,
          ...supervise,
        })
      : new PgBoss({
          connectionString: database.url,
          max: 4,
          application_name: `cuspid-jobs-${process.pid}`,
          schema,
          schedule: options.schedule ?? true,
          ...supervise,
        });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  let running = false;
  const known = new Map(jobs.map((job) => [job.name, job]));

  return {
    boss,
    isRunning: () => running,
    async start() {
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(job.name, {
          retryLimit: job.options?.retryLimit ?? 3,
          retryDelay: job.options?.retryDelay ?? 5,
          retryBackoff: job.options?.retryBackoff ?? true,
          expireInSeconds: job.options?.expireInSeconds ?? 900,
          ...(job.options?.heartbeatSeconds ? { heartbeatSeconds: job.options.heartbeatSeconds } : {}),
        });
        // pg-boss looks a queue up (outside any transaction) the first time it is used. Doing it
        // now keeps that lookup out of enqueue(): on the single-connection embedded database, a
        // lookup made while the caller's transaction holds the connection would wait forever.
        await boss.getJobById(job.name, '00000000-0000-0000-0000-000000000000');
      }
      running = true;
    },
    async work(deps, workOptions = {}) {
      for (const job of jobs) {
        if (workOptions.only && !workOptions.only.includes(job.name)) continue;
        await boss.work(
          job.name,
          // Fetch up to 5 at a time, but settle each job on its own: one failing job is retried
          // alone, the others of its batch complete.
          { batchSize: 5, perJobResults: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async (batch) => {
            const results: JobResult[] = [];
            for (const item of batch) {
              const started = Date.now();
              try {
                await job.handler(job.payload.parse(item.data), deps);
                results.push({ id: item.id, status: 'completed' });
                logger.debug({ job: job.name, id: item.id, ms: Date.now() - started }, 'job done');
              } catch (error) {
                logger.warn({ job: job.name, id: item.id, err: error }, 'job failed');
                const message = error instanceof Error ? error.message : String(error);
                results.push({ id: item.id, status: 'failed', output: { message } });
              }
            }
            return results;
          },
        );
        if (job.schedule) await boss.schedule(job.name, job.schedule.cron, {}, { tz: 'UTC' });
      }
    },
    async enqueue(job, payload, enqueueOptions = {}) {
      if (!known.has(job.name)) throw new Error(`Job ${job.name} is not registered`);
      const data = job.payload.parse(payload) as object;
      return boss.send(job.name, data, {
        ...(enqueueOptions.tx ? { db: fromDrizzle(enqueueOptions.tx as unknown as DrizzleTransactionLike, sql) } : {}),
        ...(enqueueOptions.startAfterSeconds ? { startAfter: enqueueOptions.startAfterSeconds } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
      });
    },
    async stop() {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
