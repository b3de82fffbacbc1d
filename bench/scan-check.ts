// The check a scan upload passes when its last byte arrives (ADR 0100), against a full parse: `npm run bench -- scan-check`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type MeshFormat, parseMesh, writeAsciiStl, writeBinaryStl, writeObj, writePly } from '@cuspid/mesh';
import { jawFixture } from '@cuspid/mesh/testing';
import { checkStagedScan } from '../apps/server/src/modules/uploads/uploads.scan-check';
import { checkScanHere, SCAN_CHECK_LIMITS } from '../apps/server/src/modules/uploads/uploads.scan-sample';
import { formatTable, machineLine } from './login';
import { median } from './stats';

type Mesh = ReturnType<typeof jawFixture>['mesh'];

const WRITERS: { name: string; extension: string; format: MeshFormat; write: (mesh: Mesh) => Uint8Array }[] = [
  { name: 'binary STL', extension: 'stl', format: 'stl-binary', write: (mesh) => writeBinaryStl(mesh) },
  { name: 'ASCII STL', extension: 'stl', format: 'stl-ascii', write: (mesh) => writeAsciiStl(mesh) },
  { name: 'binary PLY', extension: 'ply', format: 'ply', write: (mesh) => writePly(mesh, { binary: true }) },
  { name: 'ASCII PLY', extension: 'ply', format: 'ply', write: (mesh) => writePly(mesh, { binary: false }) },
  { name: 'OBJ', extension: 'obj', format: 'obj', write: (mesh) => writeObj(mesh) },
];

/** Runs `work` while a 5 ms timer ticks on this thread: its result, how long it took, and the longest tick gap. */
async function withStallMeter<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; stallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    longest = Math.max(longest, performance.now() - last);
    return { result, ms, stallMs: longest };
  } finally {
    clearInterval(timer);
  }
}

const ms = (value: number) => value.toFixed(0);

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '3' },
      sizes: { type: 'string', default: '20000,300000,1000000' },
    },
  });
  const runs = Number(values.runs);
  const sizes = values.sizes.split(',').map(Number);
  if (!(runs >= 1) || sizes.some((n) => !Number.isInteger(n) || n < 200)) {
    console.error('usage: scan-check.ts [--runs=3] [--sizes=20000,300000,1000000]');
    return 1;
  }
  console.info(machineLine());
  console.info(
    `Scan check limits: window ${SCAN_CHECK_LIMITS.windowBytes / 2 ** 20} MB, budget ${SCAN_CHECK_LIMITS.budgetMs} ms, ` +
      `in the request's thread up to ${SCAN_CHECK_LIMITS.inThreadBytes / 2 ** 20} MB, else a worker thread. ` +
      `Median of ${runs} runs after one warm-up (ms).\n`,
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-scan-check-'));
  const rows: string[][] = [];
  try {
    for (const triangles of sizes) {
      const mesh = jawFixture({ triangles }).mesh;
      for (const writer of WRITERS) {
        let bytes: Uint8Array;
        try {
          bytes = writer.write(mesh);
        } catch {
          rows.push([writer.name, triangles.toLocaleString('en-US'), 'too large to write here']);
          continue;
        }
        const file = path.join(dir, `scan.${writer.extension}`);
        await writeFile(file, bytes);
        const fileName = `UpperJaw.${writer.extension}`;
        const full: number[] = [];
        const here: number[] = [];
        const hereStall: number[] = [];
        const staged: number[] = [];
        const stagedStall: number[] = [];
        let parsed = 0;
        let outOfTime = false;
        for (let run = 0; run <= runs; run++) {
          const started = performance.now();
          parseMesh(bytes, { fileName });
          const fullMs = performance.now() - started;
          // The check in this thread (what a file up to inThreadBytes gets), then as the server runs it.
          const inThread = await withStallMeter(() => checkScanHere(file, fileName, bytes.length, SCAN_CHECK_LIMITS));
          const asServed = await withStallMeter(() => checkStagedScan(file, fileName, bytes.length));
          if (!inThread.result.ok || !asServed.result.ok) {
            console.error(`${writer.name} ${triangles}: refused`, inThread.result, asServed.result);
            return 1;
          }
          parsed = asServed.result.parsed;
          outOfTime ||= asServed.result.outOfTime;
          if (run === 0) continue;
          full.push(fullMs);
          here.push(inThread.ms);
          hereStall.push(inThread.stallMs);
          staged.push(asServed.ms);
          stagedStall.push(asServed.stallMs);
        }
        const served = bytes.length > SCAN_CHECK_LIMITS.inThreadBytes ? 'worker' : 'thread';
        rows.push([
          writer.name,
          triangles.toLocaleString('en-US'),
          (bytes.length / 2 ** 20).toFixed(1),
          ms(median(full)),
          ms(median(here)),
          `${(parsed * 100).toFixed(0)} %${outOfTime ? ' (time)' : ''}`,
          served,
          ms(median(staged)),
          ms(median(stagedStall)),
        ]);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.info(
    formatTable(
      ['format', 'triangles', 'MB', 'full parse', 'check', 'parsed', 'served in', 'as served', 'longest stall'],
      rows,
    ),
  );
  console.info(
    '\nfull parse: parseMesh of the whole file (what the engine does). check: the bounded check in one thread ' +
      '(read the window and the end, parse within the budget). as served: checkStagedScan, in a worker thread above ' +
      'the in-thread size (its start included). longest stall: the longest the calling thread did not answer a 5 ms timer meanwhile.',
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
