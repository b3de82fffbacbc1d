import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_ROLE, type LoginResponse } from '@cuspid/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { closeDeps, createDeps, createLogger } from '../src/bootstrap';
import { loadConfig } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import type { Deps } from '../src/deps';
import { DEFAULT_JOB_SCHEMA } from '../src/jobs/queue';
import type { ServerModule } from '../src/lib/define-module';
import type { SettingsDefaults } from '../src/lib/settings';
import { insertCompany } from '../src/modules/companies';
import { findRolesByName } from '../src/modules/roles';
import { hashPassword } from '../src/modules/sessions';
import { assignRoles, insertUser } from '../src/modules/users';

export const TEST_PASSWORD = 'Test#Pass1';

let testPasswordHash: Promise<string> | undefined;
/** The hash of a user's password: TEST_PASSWORD's is made once per worker (argon2 costs each call on purpose). */
function passwordHashFor(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
}

export type TestContext = {
  app: FastifyInstance;
  deps: Deps;
  close(): Promise<void>;
};

/** The migrated, seeded database of the global setup, read once per worker (the files of a worker share modules). */
let snapshotBlob: Promise<Blob> | undefined;

async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('global setup made no database snapshot');
  snapshotBlob ??= fs.readFile(snapshot).then((bytes) => new Blob([bytes]));
  return openDatabase({ kind: 'pglite', loadDataDir: await snapshotBlob });
}

export type TestAppOptions = {
  /**
   * Where the app's log goes, written by the logger `npm start` builds (createLogger: its serializers, and secrets
   * hidden), at LOG_LEVEL. Without it nothing is logged.
   */
  logDestination?: DestinationStream;
  /** A logger of the test's own (e.g. to read what one request logs); takes precedence over `logDestination`. */
  logger?: Logger;
  /** The modules whose declarations (event handlers, engines, settings) the app runs; default the module list. */
  modules?: readonly ServerModule[];
  /**
   * The app's own settings defaults (`{ tickets: { support_mail } }`), beneath what was saved: on a shared database a
   * test never saves a real area's section, which the other files would read.
   */
  settings?: SettingsDefaults;
};

/** A whole app on a real database (PGlite snapshot, or DATABASE_URL): what `npm start` runs, minus the listener. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cuspid-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SERVICES: 'auth,api,mail,documents',
    // Every test file signs in from 127.0.0.1; on a shared PostgreSQL they would share the per-IP budget.
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    // On a shared PostgreSQL, each app gets a job queue of its own, so a worker of one test file
    // never runs (with its own settings) a job another file enqueued.
    ...(process.env.DATABASE_URL ? { JOB_SCHEMA: `pgboss_t${randomUUID().replaceAll('-', '').slice(0, 12)}` } : {}),
    ...env,
  });
  const database = await openTestDatabase();
  const logger =
    options.logger ??
    (options.logDestination ? createLogger(config, options.logDestination) : pino({ level: 'silent' }));
  const deps = await createDeps(config, logger, {
    migrate: false,
    seedDemo: false,
    database,
    jobPollingIntervalSeconds: 0.5,
    ...(options.modules ? { modules: options.modules } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await closeDeps(deps);
      if (config.jobSchema !== DEFAULT_JOB_SCHEMA && process.env.DATABASE_URL) {
        const cleanup = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 1 });
        await cleanup.db.execute(sql.raw(`drop schema if exists "${config.jobSchema}" cascade`));
        await cleanup.close();
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const uniqueMail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 12)}@test.cuspid.local`;

export type TestUser = { id: string; mail: string; companyId: string };

/** A user in a company of its own (or the given one), holding the named roles. */
export async function createTestUser(
  deps: Deps,
  options: { roles?: string[]; companyId?: string; staff?: boolean; password?: string; active?: boolean } = {},
): Promise<TestUser> {
  const mail = uniqueMail();
  const companyId =
    options.companyId ??
    (await insertCompany(deps.db, { companyName: `Company of ${mail}`, isOperator: options.staff ?? false })).id;
  const user = await insertUser(deps.db, {
    mail,
    companyId,
    passwordHash: await passwordHashFor(options.password ?? TEST_PASSWORD),
    isActive: options.active ?? true,
  });
  const roles = await findRolesByName(deps.db, options.roles ?? []);
  await assignRoles(
    deps.db,
    user.id,
    roles.map((r) => r.id),
  );
  return { id: user.id, mail, companyId };
}

export const createTestAdmin = (deps: Deps) => createTestUser(deps, { roles: [ADMIN_ROLE], staff: true });

/**
 * A client address of its own for a request: on a shared PostgreSQL database every test file's calls would
 * otherwise count toward one per-IP throttle row (sign-in, registration, password reset) and lock each other out.
 */
export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;

/** Signs in from an address of its own (see `randomAddress`). */
export async function loginAs(app: FastifyInstance, mail: string, password = TEST_PASSWORD): Promise<LoginResponse> {
  const remoteAddress = randomAddress();
  const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { mail, password }, remoteAddress });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as LoginResponse;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type TestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls to a test app, each from an address of its own, signed in when a token is given. Takes the app or a
 * getter (for an app made in `beforeAll`). `call` names the method first, for tests that go through several.
 */
export function requestsTo(app: FastifyInstance | (() => FastifyInstance)) {
  const target = () => (typeof app === 'function' ? app() : app);
  const headers = (token?: string) => (token ? bearer(token) : {});
  const call = (method: TestMethod, url: string, token?: string, payload?: unknown) =>
    target().inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: headers(token),
      remoteAddress: randomAddress(),
    });
  return {
    call,
    get: (url: string, token?: string) => call('GET', url, token),
    post: (url: string, payload?: unknown, token?: string) => call('POST', url, token, payload),
    put: (url: string, payload?: unknown, token?: string) => call('PUT', url, token, payload),
    delete: (url: string, token?: string) => call('DELETE', url, token),
  };
}

export type TestApiKey = { name?: string; scopes: string[]; owner_id?: string };

/**
 * Creates an API key as the given signed-in user and exchanges it for an access token (the client credentials
 * grant, form-encoded as RFC 6749 wants it). For tests that act as a key; the exchange itself is tested by the
 * API-key routes' own tests.
 */
export async function apiKeyTokenFor(app: FastifyInstance, ownerToken: string, key: TestApiKey): Promise<string> {
  const created = await requestsTo(app).post('/auth/create-api-token', { name: 'Test key', ...key }, ownerToken);
  if (created.statusCode !== 201) throw new Error(`creating an API key failed: ${created.statusCode} ${created.body}`);
  const { data, client_secret } = created.json() as { data: { client_id: string }; client_secret: string };
  const exchange = await app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: data.client_id,
      client_secret,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: randomAddress(),
  });
  if (exchange.statusCode !== 200)
    throw new Error(`the key's exchange failed: ${exchange.statusCode} ${exchange.body}`);
  return (exchange.json() as { access_token: string }).access_token;
}
