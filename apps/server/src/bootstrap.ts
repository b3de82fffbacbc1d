import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config/env';
import { type Database, type DatabaseOptions, migrateDatabase, openDatabase } from './db/client';
import { seedDemo, seedReference } from './db/seed';
import type { Deps } from './deps';
import { createJobQueue } from './jobs/queue';
import { allJobs } from './jobs/registry';
import { newSecret } from './lib/ids';
import { notificationsOf } from './lib/notifications';
import { loadTokenKeys } from './lib/tokens';
import { createStorage } from './storage/storage';

/** Account links (ADR 0034) carry their secret as `?token=`: request logs show the address without it. */
export const hideUrlTokens = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[hidden]');

/**
 * Readable, coloured lines (pino-pretty) or one JSON object per line. `auto` reads lines on a terminal outside
 * production, and JSON where a program reads the output (a pipe, a file, a log collector).
 */
export function logFormatOf(
  format: Config['logFormat'],
  environment: Config['env'],
  isTerminal = process.stdout.isTTY === true,
): 'pretty' | 'json' {
  if (format !== 'auto') return format;
  return isTerminal && environment !== 'production' ? 'pretty' : 'json';
}

/** pino-pretty as a stream in this thread, when it is installed (a development dependency); else undefined. */
function prettyStream(): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream;
    return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return undefined;
  }
}

export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat' | 'env'>>,
  destination?: DestinationStream,
): Logger {
  const pretty =
    !destination && logFormatOf(config.logFormat ?? 'auto', config.env ?? 'production') === 'pretty'
      ? prettyStream()
      : undefined;
  return pino(
    {
      level: config.logLevel,
      redact: ['req.headers.authorization', '*.password', '*.refresh_token', '*.token'],
      serializers: {
        // Fastify's request fields, with secrets in the query string hidden.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: hideUrlTokens(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    destination ?? pretty,
  );
}

function databaseOptions(config: Config): DatabaseOptions {
  return config.database.kind === 'pglite'
    ? { kind: 'pglite', dir: config.database.dir }
    : {
        kind: 'postgres',
        url: config.database.url,
        poolSize: config.database.poolSize,
        preparedStatements: config.database.preparedStatements,
      };
}

/** Runs `work` holding a PostgreSQL advisory lock, so processes starting together migrate one at a time. */
async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

async function fileSigningSecret(config: Config): Promise<string> {
  if (config.fileSigningSecret) return config.fileSigningSecret;
  const file = path.join(config.dataDir, 'keys', 'file-signing.secret');
  return fs.readFile(file, 'utf8').catch(async () => {
    const secret = newSecret(48);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, secret, { mode: 0o600 });
    return secret;
  });
}

export type StartOptions = {
  /** Apply migrations and reference data (the server does; a worker only waits for them). */
  migrate: boolean;
  seedDemo: boolean;
  database?: Database;
  jobPollingIntervalSeconds?: number;
};

/** Opens everything a process needs: database (migrated), job queue, storage, signing keys. */
export async function createDeps(
  config: Config,
  logger: Logger,
  options: StartOptions,
): Promise<Deps & { seeded: boolean }> {
  const started = Date.now();
  const database = options.database ?? (await openDatabase(databaseOptions(config)));
  const jobs = createJobQueue(database, allJobs, logger, {
    schema: config.jobSchema,
    superviseIntervalSeconds: config.jobSuperviseIntervalSeconds,
    ...(options.jobPollingIntervalSeconds ? { pollingIntervalSeconds: options.jobPollingIntervalSeconds } : {}),
  });
  let seeded = false;
  await withStartupLock(database, async () => {
    if (options.migrate) {
      await migrateDatabase(database);
      const { disarmedRoles } = await seedReference(database.db);
      if (disarmedRoles.length) {
        logger.warn(
          { roles: disarmedRoles },
          'registration flags cleared: these roles carry more than self-service permissions (ADR 0036)',
        );
      }
      if (options.seedDemo) seeded = await seedDemo(database.db);
    }
    await jobs.start();
  });
  const [keys, signingSecret] = await Promise.all([loadTokenKeys(config), fileSigningSecret(config)]);
  const storage = createStorage(config.storage, { publicBaseUrl: config.publicUrl, signingSecret });
  logger.info({ database: database.kind, ms: Date.now() - started }, 'database ready');
  if (config.twoFactor.usesDevelopmentKey && config.services.includes('auth') && config.env !== 'test') {
    logger.warn('TWO_FACTOR_KEY is not set: two-factor secrets are encrypted with the development key (ADR 0033)');
  }
  return { config, database, db: database.db, jobs, storage, fileSigningSecret: signingSecret, keys, logger, seeded };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await deps.jobs.stop();
  await notificationsOf(deps).close();
  await deps.database.close();
}
