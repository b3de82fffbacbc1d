import closeWithGrace from 'close-with-grace';
import { closeDeps, createDeps, createLogger } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';

/** A job worker without HTTP, for other machines: needs DATABASE_URL (the embedded database is single-process). */
async function main() {
  const config = loadConfig();
  if (config.database.kind !== 'postgres') {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: required for a separate worker (the embedded database serves one process; its server runs the workers itself)',
    );
  }
  const logger = createLogger(config);
  const deps = await createDeps(config, logger, { migrate: false, seedDemo: false });
  await deps.jobs.work(deps);
  logger.info('worker started');
  closeWithGrace({ delay: 15_000 }, async () => closeDeps(deps));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
