// Scan upload throughput and server memory (ADR 0100): `npm run bench -- upload [--mb=200] [--runs=3] [--chunk-mb=32]`.
// A file of random bytes goes to the real server (a child process, local storage, PGlite) twice per run: through
// the tus endpoint (POST /api/uploads, then PATCH chunks, with a real session token; the last PATCH returns once
// the file is stored with its sha256) and as one plain HTTP PUT of the same bytes to a file (a route this bench
// adds to its own server, not the product's). It prints MB/s of both, the ratio (goal ≥ 70 %) and how much the
// server's resident memory grew during the tus uploads (goal < 64 MB).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, type ServerProcess, stopServer, waitUntilReady } from '@cuspid/server-process';
import { formatTable, LOGIN_BODY, machineLine } from './login';

const MB = 1024 * 1024;
const here = fileURLToPath(import.meta.url);

// --- The server side (this file run with --serve in a child process) ---------------------------

async function serve() {
  const { buildApp } = await import('../apps/server/src/app');
  const { closeDeps, createDeps, createLogger } = await import('../apps/server/src/bootstrap');
  const { loadConfig } = await import('../apps/server/src/config/env');
  const config = loadConfig();
  const deps = await createDeps(config, createLogger(config), { migrate: true, seedDemo: true });
  const app = await buildApp(deps);
  const putDir = path.join(config.dataDir, 'bench-put');
  await mkdir(putDir, { recursive: true });
  // The comparison: the same bytes as one plain PUT, streamed to a file, no protocol and no checks.
  await app.register(async (bench) => {
    bench.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
    bench.put<{ Params: { name: string } }>('/bench-put/:name', async (request, reply) => {
      await pipeline(request.raw, createWriteStream(path.join(putDir, path.basename(request.params.name))));
      return reply.status(204).send();
    });
  });
  await app.listen({ host: '127.0.0.1', port: config.port });
  const stop = async () => {
    await app.close();
    await closeDeps(deps);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

// --- The client side ---------------------------------------------------------------------------

function startBenchServer(port: number, dataDir: string, profileDir?: string): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SERVICES: 'auth,api',
    SEED_DEMO: 'true',
    STORAGE_DRIVER: 'local',
    UPLOAD_MAX_BYTES: String(2048 * MB),
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  };
  delete env.DATABASE_URL;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', here, '--serve'], {
    cwd: path.resolve(path.dirname(here), '..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk.toString('utf8').replace(/^(?=.)/gm, '[server] '));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output, exited };
}

/** Resident memory of a process in bytes (Linux /proc). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Samples the server's RSS every 20 ms while `work` runs; the highest value seen. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = await rssOf(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rssOf(pid).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const result = await work();
    return { result, peak };
  } finally {
    running = false;
    await sampler;
  }
}

/** One HTTP request with a file range as its streamed body; resolves with the status and headers. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: { file: string; start: number; end: number },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!body) {
      req.end();
      return;
    }
    const source = createReadStream(body.file, { start: body.start, end: body.end - 1, highWaterMark: MB });
    source.on('error', reject);
    source.pipe(req);
  });
}

async function tusUpload(baseUrl: string, token: string, file: string, size: number, chunk: number) {
  const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await send(`${baseUrl}/api/uploads`, 'POST', {
    ...auth,
    'upload-length': String(size),
    'upload-metadata': `filename ${Buffer.from('bench upper.stl').toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`POST /api/uploads answered ${created.status}: ${created.text}`);
  const location = `${baseUrl}${created.headers.location}`;
  const started = performance.now();
  let receivedSeconds = 0;
  let receivedBytes = 0;
  for (let offset = 0; offset < size; offset += chunk) {
    const end = Math.min(offset + chunk, size);
    const patched = await send(
      location,
      'PATCH',
      {
        ...auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      { file, start: offset, end },
    );
    if (patched.status !== 204) throw new Error(`PATCH answered ${patched.status}: ${patched.text}`);
    // Every PATCH but the last only receives; the last one also stores the file (copy + sha256).
    if (end < size) {
      receivedSeconds = (performance.now() - started) / 1000;
      receivedBytes = end;
    }
  }
  const record = await fetch(location, { headers: { authorization: `Bearer ${token}` } });
  const json = (await record.json()) as { status: string; size: number };
  if (json.status !== 'stored' || json.size !== size) throw new Error(`upload not stored: ${JSON.stringify(json)}`);
  // Leave no object behind for the next run (DELETE removes a stored upload's object and record).
  await send(location, 'DELETE', auth);
  return { receivedBytes, receivedSeconds };
}

async function plainPut(baseUrl: string, file: string, size: number, name: string) {
  const put = await send(
    `${baseUrl}/bench-put/${name}`,
    'PUT',
    { 'content-type': 'application/octet-stream', 'content-length': String(size) },
    { file, start: 0, end: size },
  );
  if (put.status !== 204) throw new Error(`PUT answered ${put.status}: ${put.text}`);
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      mb: { type: 'string', default: '200' },
      runs: { type: 'string', default: '3' },
      'chunk-mb': { type: 'string', default: '32' },
      // A V8 CPU profile of the server, written to this folder when it stops (open it in Chrome DevTools).
      'server-cpu-prof': { type: 'string' },
    },
  });
  const size = Number(values.mb) * MB;
  const runs = Number(values.runs);
  const chunk = Number(values['chunk-mb']) * MB;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-bench-upload-'));
  const file = path.join(dataDir, 'scan.bin');
  console.info(machineLine());
  console.info(
    `Upload of ${values.mb} MB (local storage, PGlite), ${runs} runs; tus in ${values['chunk-mb']} MB PATCH chunks\n`,
  );
  let server: ServerProcess | undefined;
  try {
    // The test file, written in pieces (never whole in memory).
    const out = createWriteStream(path.join(dataDir, 'scan.bin'));
    for (let written = 0; written < size; written += 8 * MB) {
      if (!out.write(randomBytes(Math.min(8 * MB, size - written)))) {
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    if ((await stat(file)).size !== size) throw new Error('test file has the wrong size');

    server = startBenchServer(await freePort(), path.join(dataDir, 'server'), values['server-cpu-prof']);
    await waitUntilReady(server);
    const login = await fetch(`${server.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGIN_BODY),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const pid = server.child.pid!;

    // Warm-up: both paths once with a small file (JIT, first-use allocations), not measured.
    const small = Math.min(size, 4 * MB);
    await tusUpload(server.baseUrl, token, file, small, chunk);
    await plainPut(server.baseUrl, file, small, 'warm-up');

    const baseline = await rssOf(pid);
    const tusSeconds: number[] = [];
    const receiveRates: number[] = [];
    const putSeconds: number[] = [];
    let tusPeak = baseline;
    for (let run = 0; run < runs; run++) {
      let received = { receivedBytes: 0, receivedSeconds: 0 };
      const { result, peak } = await peakRssDuring(pid, () =>
        timed(async () => {
          received = await tusUpload(server!.baseUrl, token, file, size, chunk);
        }),
      );
      tusSeconds.push(result);
      receiveRates.push(received.receivedSeconds ? received.receivedBytes / MB / received.receivedSeconds : Number.NaN);
      tusPeak = Math.max(tusPeak, peak);
      putSeconds.push(await timed(() => plainPut(server!.baseUrl, file, size, `run-${run}`)));
    }
    const mbps = (seconds: number) => size / MB / seconds;
    const rows = tusSeconds.map((t, i) => [
      String(i + 1),
      receiveRates[i]!.toFixed(1),
      mbps(t).toFixed(1),
      mbps(putSeconds[i]!).toFixed(1),
      `${((putSeconds[i]! / t) * 100).toFixed(0)} %`,
    ]);
    const tusMedian = mbps(median(tusSeconds));
    const putMedian = mbps(median(putSeconds));
    rows.push([
      'median',
      median(receiveRates).toFixed(1),
      tusMedian.toFixed(1),
      putMedian.toFixed(1),
      `${((tusMedian / putMedian) * 100).toFixed(0)} %`,
    ]);
    console.info(
      formatTable(['run', 'tus receive MB/s', 'tus until stored MB/s', 'plain PUT MB/s', 'tus / PUT'], rows),
    );
    const growth = (tusPeak - baseline) / MB;
    const ratio = tusMedian / putMedian;
    console.info(
      `\nServer RSS: ${(baseline / MB).toFixed(0)} MB before, ${(tusPeak / MB).toFixed(0)} MB at most during the tus uploads: +${growth.toFixed(1)} MB`,
    );
    console.info(
      `Target: tus at least 70 % of a plain PUT — ${(ratio * 100).toFixed(0)} %: ${ratio >= 0.7 ? 'PASS' : 'FAIL'}`,
    );
    console.info(`Target: server RSS growth under 64 MB — +${growth.toFixed(1)} MB: ${growth < 64 ? 'PASS' : 'FAIL'}`);
    return ratio >= 0.7 && growth < 64 ? 0 : 1;
  } finally {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
