import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { NamedStatementClient } from './named-statements';

/** No tables: queries name theirs, each from its module's *.schema.ts (ADR 0130). */
type NoSchema = Record<string, never>;
/** The one database handle type, whether it runs on PGlite or on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** How this process's pool sessions show in pg_stat_activity. */
export const DATABASE_APPLICATION_NAME = `cuspid-${process.pid}`;
/** The longest a query waits for a pool connection before the request answers 503. */
export const DATABASE_CONNECT_TIMEOUT_MS = 3000;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * `genericPlans` runs the statements built once per shape (ADR 0104): on PostgreSQL a second pool, as large as
 * the first and opened as lazily, whose sessions keep a generic plan for every prepared statement instead of
 * planning each call; on PGlite the same handle as `db`.
 */
export type Database =
  | { kind: 'pglite'; db: Db; genericPlans: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; genericPlans: Db; pool: pg.Pool; url: string; close(): Promise<void> };

export type DatabaseOptions =
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      preparedStatements?: boolean;
      /** How long a caller waits for a free connection; default DATABASE_CONNECT_TIMEOUT_MS. */
      connectTimeoutMs?: number;
    };

/** Opens the embedded PGlite (persisted in `dir`, in memory without one) or a pool on a PostgreSQL server. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    if (options.dir) await fs.mkdir(options.dir, { recursive: true });
    const pglite = await PGlite.create({
      // Extensions the migrations create (CREATE EXTENSION) must be loaded into the WASM build first.
      extensions: { pg_trgm },
      ...(options.dir ? { dataDir: options.dir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite(pglite) as unknown as Db;
    return { kind: 'pglite', db, genericPlans: db, pglite, close: () => pglite.close() };
  }
  const poolOptions: pg.PoolConfig = {
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // Named per process, so an operator (or a test) can tell this process's sessions apart in pg_stat_activity.
    application_name: DATABASE_APPLICATION_NAME,
    // A request waits at most this long for a connection (none free, or the server unreachable), then answers 503
    // instead of hanging: without it, a pool waits for ever.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
    // Statements with parameters as named prepared statements (ADR 0103), unless a pooler in front refuses them.
    ...(options.preparedStatements === false ? {} : { Client: NamedStatementClient }),
  };
  const pool = new pg.Pool(poolOptions);
  // Without prepared statements (a pooler in transaction mode) every statement is planned anyway, and such a
  // pooler may refuse the session setting: the shapes then run on the one pool.
  const genericPool =
    options.preparedStatements === false
      ? undefined
      : new pg.Pool({ ...poolOptions, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  genericPool?.on('error', () => {});
  const db = drizzleNodePg(pool) as unknown as Db;
  const genericPlans = genericPool ? (drizzleNodePg(genericPool) as unknown as Db) : db;
  const close = async () => {
    await Promise.all([pool.end(), genericPool?.end()]);
  };
  return { kind: 'postgres', db, genericPlans, pool, url: options.url, close };
}

/** Applies the SQL migrations in apps/server/drizzle; the same files serve PGlite and PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migrateNodePg(drizzleNodePg(database.pool), { migrationsFolder: MIGRATIONS_DIR });
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and returns its rows, the same way on PGlite and node-postgres. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
