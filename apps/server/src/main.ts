import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { closeDeps, createDeps, createLogger } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const deps = await createDeps(config, logger, { migrate: true, seedDemo: config.seedDemo });
  const app = await buildApp(deps);
  if (config.workersInProcess) await deps.jobs.work(deps);

  closeWithGrace({ delay: 15_000 }, async ({ err, signal }) => {
    if (err) logger.error({ err }, 'stopping after an error');
    else logger.info({ signal }, 'stopping');
    await app.close();
    await closeDeps(deps);
  });

  await app.listen({ host: config.host, port: config.port });
  if (config.seedDemo) {
    const lines = DEMO_USERS.map((u) => `    ${u.mail.padEnd(24)} ${DEMO_PASSWORD}   (${u.role})`);
    console.info(
      `\n  Cuspid is running on ${config.publicUrl}\n  ${deps.seeded ? 'Demo accounts created' : 'Demo accounts'}:\n${lines.join('\n')}\n`,
    );
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
