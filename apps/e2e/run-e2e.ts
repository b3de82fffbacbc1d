/**
 * End-to-end run: build the web app, start the real server on a free port with a fresh embedded database,
 * run tests/*.spec.ts with node:test against it, stop the server, exit with the tests' exit code.
 *
 *   npm run test:e2e                     from the repo root
 *   E2E_SKIP_BUILD=1 npm run test:e2e    reuse apps/web/dist
 *   E2E_SPECS=identity,invitation npm run test:e2e    only tests/identity.spec.ts and tests/invitation.spec.ts
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type ServerProcess, startServer, stopServer, waitUntilReady } from '@cuspid/server-process';
import { CHROMIUM_PATH } from './support/browser';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(E2E_DIR, '../..');
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

function log(message: string): void {
  console.info(`[e2e] ${message}`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function printServerOutput(server: ServerProcess): void {
  console.error('[e2e] ---- server output ----');
  console.error(server.output.join('\n').trimEnd() || '(none)');
  console.error('[e2e] ---- end of server output ----');
}

async function main(): Promise<number> {
  const started = Date.now();
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `[e2e] Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package (apt-get install chromium) ` +
        'or set E2E_CHROMIUM_PATH; the suite never downloads a browser.',
    );
    return 1;
  }

  if (process.env.E2E_SKIP_BUILD === '1') {
    log('E2E_SKIP_BUILD=1: using the existing apps/web/dist');
  } else {
    const buildStarted = Date.now();
    log('building the web app (npm run build -w @cuspid/web)');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const code = await run(npm, ['run', 'build', '-w', '@cuspid/web'], { cwd: REPO_ROOT });
    if (code !== 0) {
      console.error(`[e2e] the web build failed (exit code ${code})`);
      return code;
    }
    log(`web app built in ${seconds(buildStarted)}`);
  }

  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.error(`[e2e] ${WEB_DIST}/index.html is missing: build the web app (drop E2E_SKIP_BUILD)`);
    return 1;
  }

  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-e2e-'));
  // The server lists the static files once at boot, and others may rebuild apps/web/dist meanwhile:
  // serve a snapshot of this build so a concurrent build cannot pull chunks away mid-run.
  const webDistDir = path.join(dataDir, 'web-dist');
  await cp(WEB_DIST, webDistDir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`starting the server on ${baseUrl} (DATA_DIR ${dataDir})`);
  const serverStarted = Date.now();
  const server = startServer({
    port,
    dataDir,
    embedded: true,
    keepLines: 2000,
    env: {
      WEB_DIST_DIR: webDistDir,
      // Links in mails (invitations, password resets) point at the server under test.
      PUBLIC_URL: baseUrl,
      // Registration tests answer the image captcha with the fixed test answer (ADR 0051); never set elsewhere.
      CAPTCHA_TEST_MODE: 'true',
      // Every spec signs in from 127.0.0.1: the whole suite would exceed the per-address sign-in budget (60 in
      // 15 minutes), and a late spec would meet 'Sign-in paused'. The throttle itself is tested on the server.
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    },
  });

  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the server`);
    void stopServer(server).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let exitCode = 1;
  try {
    try {
      await waitUntilReady(server);
    } catch (error) {
      console.error(`[e2e] the server did not become ready: ${error instanceof Error ? error.message : error}`);
      printServerOutput(server);
      return 1;
    }
    log(`server ready in ${seconds(serverStarted)}`);

    const only = process.env.E2E_SPECS?.split(',').map((name) => `${name.trim()}.spec.ts`);
    const specs = readdirSync(path.join(E2E_DIR, 'tests'))
      .filter((name) => name.endsWith('.spec.ts') && (!only || only.includes(name)))
      .sort()
      .map((name) => `tests/${name}`);
    if (specs.length === 0) {
      console.error('[e2e] no tests/*.spec.ts found');
      return 1;
    }
    const testsStarted = Date.now();
    exitCode = await run(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...specs],
      { cwd: E2E_DIR, env: { ...process.env, E2E_BASE_URL: baseUrl } },
    );
    log(`tests finished in ${seconds(testsStarted)} with exit code ${exitCode}`);
    if (exitCode !== 0 && process.env.E2E_SERVER_LOG === '1') printServerOutput(server);
    return exitCode;
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    log(`total ${seconds(started)}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[e2e] the run failed:', error);
    process.exit(1);
  },
);
