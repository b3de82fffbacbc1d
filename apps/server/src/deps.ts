import type { Logger } from 'pino';
import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { TokenKeys } from './services/auth/tokens';
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
};
