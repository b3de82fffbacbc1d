// Login throughput and latency of the real server: `npm run bench -- login [--duration=10] [--warmup=2]`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  freePort,
  type ServerProcess,
  startServer as startServerProcess,
  stopServer,
  waitUntilReady,
} from '@cuspid/server-process';
import autocannon, { type Result } from 'autocannon';

export const LOGIN_BODY = { mail: 'admin@cuspid.local', password: 'Cuspid#Demo1' } as const;

export interface LoginRun {
  connections: number;
  durationSeconds: number;
  responses: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Exact nearest-rank percentile of an ascending array (ms). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Masks the password of a postgres:// URL so it can be printed. */
export function describeDatabase(url: string | undefined): string {
  if (!url) return 'PGlite (embedded, fresh temp DATA_DIR)';
  try {
    const parsed = new URL(url);
    return `PostgreSQL from DATABASE_URL (${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname})`;
  } catch {
    return 'PostgreSQL from DATABASE_URL';
  }
}

export type Server = ServerProcess;

/** The server with the demo accounts and login limits lifted, so load is not throttled. */
export function startServer(
  port: number,
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
  nodeArgs: string[] = [],
): Server {
  return startServerProcess({
    nodeArgs,
    port,
    dataDir,
    echoStderr: '[server] ',
    keepLines: 200,
    env: {
      SERVICES: 'auth,api',
      SEED_DEMO: 'true',
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000000',
      ...extraEnv,
    },
  });
}

export { freePort, stopServer, waitUntilReady };

/** One login by hand, so a broken endpoint fails loudly before any load is applied. */
async function checkLogin(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN_BODY),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`POST /auth/login answered ${response.status}: ${text.slice(0, 500)}`);
  }
}

function cannon(
  baseUrl: string,
  connections: number,
  duration: number,
  onLatency?: (statusCode: number, ms: number) => void,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(LOGIN_BODY),
        connections,
        duration,
        timeout: 30,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onLatency) instance.on('response', (_client, statusCode, _bytes, ms) => onLatency(statusCode, ms));
  });
}

export async function measureLogin(
  baseUrl: string,
  connections: number,
  warmupSeconds: number,
  durationSeconds: number,
): Promise<LoginRun> {
  if (warmupSeconds > 0) await cannon(baseUrl, connections, warmupSeconds);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  const result = await cannon(baseUrl, connections, durationSeconds, (statusCode, ms) => {
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) {
      ok += 1;
      latencies.push(ms);
    }
  });
  latencies.sort((a, b) => a - b);
  const responses = Object.values(statusCodes).reduce((sum, n) => sum + n, 0);
  return {
    connections,
    durationSeconds: result.duration,
    responses,
    ok,
    non2xx: responses - ok,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    requestsPerSecond: ok / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function machineLine(): string {
  const cpus = os.cpus();
  return `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}; Node ${process.version}`;
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '1,8,32' },
    },
  });
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const levels = values.connections.split(',').map(Number);
  if (!(duration > 0) || !(warmup >= 0) || levels.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error('usage: login.ts [--duration=SECONDS] [--warmup=SECONDS] [--connections=1,8,32]');
    return 1;
  }

  console.info(machineLine());
  console.info(`Database: ${describeDatabase(process.env.DATABASE_URL)}`);
  console.info(`Target: POST /auth/login as ${LOGIN_BODY.mail}; ${warmup} s warm-up + ${duration} s per level\n`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-bench-login-'));
  const server = startServer(await freePort(), dataDir);
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    void stopServer(server)
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Last resort should this process die without running the finally below.
  const killOnExit = () => server.child.kill('SIGKILL');
  process.once('exit', killOnExit);

  try {
    const readyMs = await waitUntilReady(server);
    console.info(`Server ready after ${(readyMs / 1000).toFixed(1)} s (${server.baseUrl})`);
    await checkLogin(server.baseUrl);

    const runs: LoginRun[] = [];
    for (const connections of levels) {
      console.info(`… ${connections} connection(s)`);
      runs.push(await measureLogin(server.baseUrl, connections, warmup, duration));
    }

    const ms = (n: number) => n.toFixed(1);
    console.info(
      `\n${formatTable(
        ['connections', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'logins', 'non-2xx', 'errors'],
        runs.map((r) => [
          String(r.connections),
          r.requestsPerSecond.toFixed(1),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          ms(r.max),
          String(r.ok),
          String(r.non2xx),
          String(r.errors),
        ]),
      )}\n`,
    );
    console.info('Latencies are exact percentiles over every 2xx response of the measured window (warm-up excluded).');

    const failed = runs.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.ok === 0);
    for (const r of failed) {
      console.error(
        `FAIL at ${r.connections} connection(s): ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts`,
      );
    }
    if (failed.length > 0) return 1;
    console.info('All responses were 200.');
    return 0;
  } finally {
    await stopServer(server);
    process.off('exit', killOnExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Run only as a script: bench/users-list.ts imports the server helpers above.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
