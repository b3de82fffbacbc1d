import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { normaliseTwoFactorCode, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@cuspid/contracts/two-factor';
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config/env';
import { type Database, type DatabaseOptions, migrateDatabase, openDatabase } from './db/client';
import { seedDemo, seedReference } from './db/seed';
import { DECLARED } from './declarations';
import type { Deps } from './deps';
import { createJobQueue } from './jobs/queue';
import { allJobs } from './jobs/registry';
import type { ServerModule } from './lib/define-module';
import { createEngineRegistry } from './lib/engines';
import { createEventBus } from './lib/events';
import { randomSecret } from './lib/ids';
import { notificationsOf } from './lib/notifications';
import type { SettingsDefaults } from './lib/settings';
import { loadTokenKeys } from './lib/tokens';
import { modules } from './modules';
import { createSettingsStore } from './modules/settings';
import { createStorage } from './storage/storage';

/**
 * Query parameters whose value is a credential: the secret of account links (`token`, ADR 0034), the signature of
 * local download links (`sig`, the only credential of the link to a jaw scan the external engine follows for an
 * hour), the two-factor secret of an otpauth URI (`secret`), and the OAuth names a client may put in an address
 * though the portal reads none from one.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'sig',
  'secret',
  'password',
  'access_token',
  'refresh_token',
  'client_secret',
  'code',
]);

/** A query parameter's name as the app reads it: `%74oken` and `Token` are `token`. */
function queryParameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * Text with the values of secret query parameters hidden, the rest of each address kept. It also reads a log line
 * (JSON): a value ends at a quote, a backslash or white space as well.
 */
export const hideUrlSecrets = (text: string) =>
  text.replace(/([?&])([^=&#?"\\\s]*)=[^&#"\\\s]*/g, (parameter, separator: string, name: string) =>
    SECRET_QUERY_PARAMETERS.has(queryParameterName(name)) ? `${separator}${name}=[hidden]` : parameter,
  );

/**
 * Names of logged fields whose value is a credential, at any depth: passwords and their hashes, secrets (API keys',
 * webhooks', the SMTP login's `pass`), tokens, the two-factor sign-in's challenge and recovery codes, and the headers
 * that carry one (authorization, cookie, Stripe-Signature, the engine's Cuspid-Signature).
 */
const SECRET_FIELD = /password|secret|token|authorization|cookie|signature|challenge|recovery_?codes|^pass$|^sig$/i;
/**
 * `code` names what kind an error is too (EAUTH, ECONNRESET, 23505, invalid_type), which the log must show; it is
 * hidden where it reads as a two-factor or recovery code, unless it is written in capitals as an error's is.
 */
const isSignInCode = (code: string) =>
  [TOTP_CODE_PATTERN, RECOVERY_CODE_PATTERN].some((pattern) => pattern.test(normaliseTwoFactorCode(code))) &&
  !/^[A-Z_]+$/.test(code);
/** A signed token (a JWT: its header and payload are JSON, `eyJ…` in base64url) in any field or message. */
const SIGNED_TOKEN = /eyJ[\w-]*\.eyJ[\w-]*\.[\w-]*/g;
/**
 * A field of a JSON line and its value: a string, number, boolean or an array of those (an object's fields are
 * matched one by one).
 */
const JSON_FIELD =
  /"((?:[^"\\]|\\.)*)":("(?:[^"\\]|\\.)*"|\[(?:"(?:[^"\\]|\\.)*"|[^[\]{}"])*\]|[-\d.eE+]+|true|false)/g;

const isSecretField = (name: string, value: string) =>
  name === 'code' ? value.startsWith('"') && isSignInCode(value.slice(1, -1)) : SECRET_FIELD.test(name);

/**
 * A log line (JSON) as it is written: secret fields' values hidden at any depth, and signed tokens and the secrets
 * of addresses (a request's URL, an error's message) wherever they are. Fastify logs neither headers nor bodies,
 * and its request fields are the `req` serializer's; this keeps a line that logs one, a library's error carrying
 * its request, or a job's data from writing a secret. The text, not pino's redaction paths: a path names each
 * level, and the hundred paths of five levels cost 100 µs a line; this pass costs about 4.
 */
export function hideLogSecrets(line: string): string {
  return hideUrlSecrets(line)
    .replace(SIGNED_TOKEN, '[hidden]')
    .replace(JSON_FIELD, (field, name: string, value: string) =>
      isSecretField(name, value) ? `"${name}":"[hidden]"` : field,
    );
}

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
      hooks: { streamWrite: hideLogSecrets },
      serializers: {
        // Fastify's request fields (no headers, no body); secrets in the query string are hidden with the line's.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url,
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
    const secret = randomSecret(48);
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
  /** The modules whose declarations (event handlers, engines, settings) the process runs; default the module list. */
  modules?: readonly ServerModule[];
  /** This process's own settings defaults, beneath what was saved (tests on a shared database). */
  settings?: SettingsDefaults;
};

/** Opens everything a process needs: database (migrated), job queue, storage, signing keys. */
export async function createDeps(
  config: Config,
  logger: Logger,
  options: StartOptions,
): Promise<Deps & { seeded: boolean }> {
  const started = Date.now();
  const declared = options.modules ?? modules;
  const engines = createEngineRegistry<Deps>(
    declared.flatMap((module) => module.engines ?? []),
    config.cases.engine,
  );
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
  return {
    config,
    database,
    db: database.db,
    jobs,
    storage,
    fileSigningSecret: signingSecret,
    keys,
    logger,
    events: createEventBus<Deps>(declared.map((module) => module.on)),
    engines,
    settings: createSettingsStore(
      { config, database, db: database.db, logger },
      declared.flatMap((module) => (module.settings ? [module.settings] : [])),
      options.settings,
    ),
    declared: DECLARED,
    seeded,
  };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await deps.jobs.stop();
  await notificationsOf(deps).close();
  await deps.database.close();
}
