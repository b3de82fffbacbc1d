/**
 * The real server as a child process, for the end-to-end run and the benchmarks: a free port, a start with
 * its own environment, a wait for GET /ready, and a stop that escalates to SIGKILL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A TCP port nobody listens on right now (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** The last lines the server printed (stdout and stderr), for error reports. */
  output: string[];
  exited: Promise<number | null>;
};

export type StartOptions = {
  port: number;
  dataDir: string;
  /** Added to (and overriding) the defaults: PORT, HOST, DATA_DIR, LOG_LEVEL=warn. */
  env?: NodeJS.ProcessEnv;
  /** Drop DATABASE_URL from the inherited environment: the server runs on PGlite in `dataDir`. */
  embedded?: boolean;
  /** Echo the server's stderr, each line prefixed (benchmarks show warnings as they happen). */
  echoStderr?: string;
  /** Lines of output kept for reports. */
  keepLines?: number;
  /** Node options before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
};

/** Starts apps/server/src/main.ts with tsx, from the repository root. */
export function startServer(options: StartOptions): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (options.embedded) delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keepLines = options.keepLines ?? 500;
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > keepLines) output.splice(0, output.length - keepLines);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (options.echoStderr !== undefined) {
      process.stderr.write(chunk.toString('utf8').replace(/^(?=.)/gm, options.echoStderr));
    }
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return { child, baseUrl: `http://127.0.0.1:${options.port}`, output, exited };
}

/** Polls GET /ready until it answers 200; returns the milliseconds it took. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  let last = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited (code ${exitCode}) before it was ready:\n${server.output.join('\n')}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/ready`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) {
        await response.body?.cancel();
        return Date.now() - started;
      }
      last = `HTTP ${response.status}: ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET /ready did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

/** SIGTERM, then SIGKILL when the server is still up after the grace period. */
export async function stopServer(server: ServerProcess, graceMs = 10_000): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.warn(`the server did not stop within ${graceMs / 1000} s: SIGKILL`);
    child.kill('SIGKILL');
  }, graceMs);
  await server.exited;
  clearTimeout(timer);
}
