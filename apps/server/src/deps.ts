import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Config } from './config/env';
import type { Database, Db, DbOrTx } from './db/client';
import type { Declarations } from './lib/declarations';
import type { EngineRegistry } from './lib/engines';
import type { EventBus } from './lib/events';
import type { Settings } from './lib/settings';
import type { TokenKeys } from './lib/tokens';
import type { Storage } from './storage/storage';

/** What every service, route and job handler works with; built once per process. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  /** Verifies local signed download links (`/files/<key>?expires=…&sig=…`). */
  fileSigningSecret: string;
  keys: TokenKeys;
  logger: Logger;
  /** The modules' handlers of domain events (lib/events.ts: `emit(deps, tx, name, payload)`). */
  events: EventBus<Deps>;
  /** The engines the modules declare, by id (lib/engines.ts); cases name theirs. */
  engines: EngineRegistry<Deps>;
  /** Business settings, one section per area (ADR 0133): `await deps.settings.get('invoices')`. */
  settings: Settings;
  /** What the areas declare: mail events, permission catalogue, public routes, audit kinds. */
  declared: Declarations;
};

// The job queue's types live here with Deps, not in jobs/: a job handler receives Deps, and Deps holds
// the queue, so the three types refer to each other and one file keeps them free of an import cycle.

export type JobOptions = {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /**
   * The worker sends a heartbeat this often (seconds, at least 10): a job whose worker died (process killed,
   * machine lost) is failed and retried after this long instead of after expireInSeconds.
   */
  heartbeatSeconds?: number;
};

export type JobDefinition<P = unknown> = {
  /** `<area>.<verb-noun>`, e.g. `auth.record-login`. */
  name: string;
  payload: z.ZodType<P>;
  // A method, so a job of any payload fits a list of JobDefinition<unknown>.
  handler(payload: P, deps: Deps): Promise<void>;
  options?: JobOptions;
  /** Runs on a cron schedule (UTC) when set. */
  schedule?: { cron: string };
};

export type EnqueueOptions = {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: DbOrTx;
  startAfterSeconds?: number;
  singletonKey?: string;
};

export type JobQueue = {
  /** Installs pg-boss's schema and creates a queue per job. Idempotent. */
  start(): Promise<void>;
  /** Starts polling workers for every job (and its schedule), or only the named ones. */
  work(deps: Deps, options?: { only?: readonly string[] }): Promise<void>;
  enqueue<P>(job: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<string | null>;
  stop(): Promise<void>;
  /** True after start() and before stop(): used by /ready. */
  isRunning(): boolean;
  boss: PgBoss;
};
