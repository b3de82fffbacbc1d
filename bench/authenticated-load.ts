// Load on one authenticated GET route, shared by the list and search benchmarks.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import {
  describeDatabase,
  freePort,
  LOGIN_BODY,
  machineLine,
  percentile,
  type Server,
  startServer,
  stopServer,
  waitUntilReady,
} from './login';
import { seedUsers } from './seed-users';

/** Signs in through the real server and answers the access token. */
export async function signIn(baseUrl: string, body: { mail: string; password: string } = LOGIN_BODY): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { token?: string };
  if (response.status !== 200 || !answer.token) {
    throw new Error(
      `POST /auth/login (${body.mail}) answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`,
    );
  }
  return answer.token;
}

function cannon(
  url: string,
  token: string,
  connections: number,
  duration: number,
  onLatency?: (s: number, ms: number) => void,
) {
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      { url, headers: { authorization: `Bearer ${token}` }, connections, duration, timeout: 30 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onLatency) instance.on('response', (_client, statusCode, _bytes, ms) => onLatency(statusCode, ms));
  });
}

/** Throughput and exact nearest-rank latencies of the 2xx answers of a measured window. */
export type Latencies = {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
};

/**
 * GETs `url` once (it must answer 200; its body is handed back for the report), then loads it with
 * `connections` clients: `warmup` seconds discarded, `duration` seconds measured.
 */
export async function loadGet<Body>(
  url: string,
  token: string,
  connections: number,
  warmup: number,
  duration: number,
): Promise<{ body: Body; latencies: Latencies }> {
  const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await check.json()) as Body;
  if (check.status !== 200)
    throw new Error(`GET ${url} answered ${check.status}: ${JSON.stringify(body).slice(0, 500)}`);
  if (warmup > 0) await cannon(url, token, connections, warmup);
  const samples: number[] = [];
  let non2xx = 0;
  const result = await cannon(url, token, connections, duration, (status, ms) => {
    if (status >= 200 && status < 300) samples.push(ms);
    else non2xx += 1;
  });
  samples.sort((a, b) => a - b);
  return {
    body,
    latencies: {
      requestsPerSecond: samples.length / result.duration,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      p99: percentile(samples, 99),
      max: samples.at(-1) ?? Number.NaN,
      non2xx,
      errors: result.errors + result.timeouts,
    },
  };
}

/** What a benchmark on the seeded users gets: the running server, a small pool on its database, the seed. */
export type SeededServer = {
  server: Server;
  pool: pg.Pool;
  url: string;
  seeded: Awaited<ReturnType<typeof seedUsers>>;
};

/**
 * Runs `measure` against the real server on the PostgreSQL of DATABASE_URL, migrated, with the demo accounts
 * and `users` generated users in `companies` companies (kept for the next run). Stops the server and removes
 * its temporary directory however `measure` ends. Answers 1 without DATABASE_URL.
 */
export async function withSeededServer(
  options: { name: string; services: string; users: number; companies: number; nodeArgs?: string[] },
  measure: (running: SeededServer) => Promise<number>,
): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) {
    console.error(
      `${options.name} measures PostgreSQL: set DATABASE_URL=postgres://user:pass@host:5432/db (a database of its own;\n` +
        'it is migrated, the demo accounts and 100,000 generated users are added and kept for the next run).',
    );
    return 1;
  }
  console.info(machineLine());
  console.info(`Database: ${describeDatabase(url)}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `cuspid-bench-${options.name}-`));
  const server = startServer(await freePort(), dataDir, { SERVICES: options.services }, options.nodeArgs ?? []);
  const killOnExit = () => server.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const readyMs = await waitUntilReady(server);
    console.info(
      `Server ready after ${(readyMs / 1000).toFixed(1)} s (${server.baseUrl}); migrations and demo data applied`,
    );
    const seeded = await seedUsers(pool, { users: options.users, companies: options.companies });
    return await measure({ server, pool, url, seeded });
  } finally {
    await pool.end();
    await stopServer(server);
    process.off('exit', killOnExit);
    await rm(dataDir, { recursive: true, force: true });
  }
}
