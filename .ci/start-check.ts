/**
 * CI's pass on the machine's own Node (20): what `npm start` runs — the server from source through tsx on a fresh
 * embedded database, migrated and seeded — must come up and answer GET /ready, then stop cleanly. The README
 * promises `npm ci && npm start` on Node 20.19 or later; the rest of CI runs on Node 24.
 *
 *   node --import tsx .ci/start-check.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, stopServer, waitUntilReady } from '@cuspid/server-process';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-start-check-'));
const server = startServer({ port: await freePort(), dataDir, embedded: true, keepLines: 200 });
let code = 0;
try {
  const ms = await waitUntilReady(server);
  const health = await fetch(`${server.baseUrl}/health`);
  if (health.status !== 200) throw new Error(`GET /health answered ${health.status}: ${await health.text()}`);
  console.info(`[start-check] Node ${process.version}: the server answered /ready in ${(ms / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`[start-check] Node ${process.version}: ${error instanceof Error ? error.message : error}`);
  console.error(server.output.join('\n'));
  code = 1;
} finally {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(code);
