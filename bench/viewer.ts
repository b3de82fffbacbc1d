// The web viewer's mesh preparation and first frame in headless Chromium, next to three.js on the same files:
// `npm run bench -- viewer [--sizes=300000,1000000,5000000] [--runs=3]`.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { formatTable, machineLine } from './login';
import { median } from './stats';

/** One run of one size in the page (bench/viewer/browser.ts), times in ms. */
export interface ViewerRun {
  /** Transfer to the worker → parse → weld → normals → typed arrays back on the main thread. */
  worker: number;
  /** three.js on the main thread: STLLoader.parse, mergeVertices, computeVertexNormals. */
  threeParse: number;
  threeWeld: number;
  threeNormals: number;
  /** Plain (non-indexed) parse: @cuspid/mesh parseMesh on the main thread. */
  plainParse: number;
  vertices: number;
  threeVertices: number;
}

export interface ViewerResult {
  bytes: number;
  fetchMs: number;
  runs: ViewerRun[];
  /** Bytes local → worker → geometry → first renderer.render with the pixels read back. */
  firstFrame: number;
  /** The same with three.js's steps on the main thread instead of the worker. */
  threeFirstFrame: number | null;
  /** Pixels of the first frame (640×480) that show the mesh. */
  meshPixels: number;
  errors: string[];
}

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium';
// apps/e2e's flags without --disable-gpu: WebGL on SwiftShader (software), as on a machine without a GPU.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];

const ms = (value: number | null) => (value === null || Number.isNaN(value) ? '—' : value.toFixed(0));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.stl': 'model/stl' };
  const server = createServer(async (req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname) || 'index.html';
    const file = path.join(dir, name);
    try {
      const { size } = await stat(file);
      res.writeHead(200, {
        'content-type': types[path.extname(name)] ?? 'application/octet-stream',
        'content-length': size,
      });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '3' },
      sizes: { type: 'string', default: '300000,1000000,5000000' },
      'three-max': { type: 'string', default: '5000000' },
    },
  });
  const runs = Number(values.runs);
  const sizes = values.sizes.split(',').map(Number);
  const threeMax = Number(values['three-max']);
  if (!(runs >= 1) || sizes.some((n) => !Number.isInteger(n) || n < 200)) {
    console.error('usage: viewer.ts [--runs=3] [--sizes=300000,1000000,5000000] [--three-max=5000000]');
    return 1;
  }
  console.info(machineLine());
  const dir = await mkdtemp(path.join(tmpdir(), 'cuspid-bench-viewer-'));
  let server: Server | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await build({
      entryPoints: [path.join(benchDir, 'viewer/browser.ts')],
      bundle: true,
      format: 'esm',
      target: 'es2022',
      minify: true,
      outfile: path.join(dir, 'bench.js'),
      logLevel: 'warning',
    });
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><meta charset="utf-8"><title>viewer bench</title><link rel="icon" href="data:,"><body><script type="module" src="bench.js"></script></body>',
    );
    for (const size of sizes) await writeFile(path.join(dir, `${size}.stl`), jawFixtureStl({ triangles: size }));
    server = await serve(dir);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    console.info(`Chromium ${browser.version()} (SwiftShader WebGL); ${runs} runs per size, medians in ms\n`);

    const rows: string[][] = [];
    const verdicts: string[] = [];
    let failed = false;
    for (const size of sizes) {
      // A fresh page per size, so that a crash or the memory of one size does not spill into the next.
      const page = await browser.newPage();
      const logs: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') logs.push(m.text());
      });
      let crashed = false;
      page.on('crash', () => {
        crashed = true;
      });
      await page.goto(`${origin}/index.html`);
      await page.waitForFunction(() => 'runViewerBench' in globalThis);
      let result: ViewerResult | undefined;
      try {
        result = await page.evaluate(
          ([url, n, three]) =>
            (
              globalThis as unknown as { runViewerBench: (u: string, r: number, t: boolean) => Promise<ViewerResult> }
            ).runViewerBench(url, n, three),
          [`${origin}/${size}.stl`, runs, size <= threeMax] as const,
        );
      } catch (error) {
        verdicts.push(`${size.toLocaleString('en-US')}: ${crashed ? 'page CRASHED' : 'failed'}: ${String(error)}`);
        failed = true;
      }
      await page.close().catch(() => {});
      if (!result) continue;
      for (const e of [...result.errors, ...logs]) verdicts.push(`${size.toLocaleString('en-US')}: ${e}`);
      const r = result.runs;
      const worker = median(r.map((x) => x.worker));
      const plain = median(r.map((x) => x.plainParse));
      const tParse = median(r.map((x) => x.threeParse));
      const tWeld = median(r.map((x) => x.threeWeld));
      const tNormals = median(r.map((x) => x.threeNormals));
      const tTotal = median(r.map((x) => x.threeParse + x.threeWeld + x.threeNormals));
      const label = `${size.toLocaleString('en-US')} (${(result.bytes / 1e6).toFixed(0)} MB)`;
      rows.push([
        label,
        ms(worker),
        ms(tParse),
        ms(tWeld),
        ms(tNormals),
        ms(tTotal),
        ms(plain),
        ms(result.firstFrame),
        ms(result.threeFirstFrame),
        `${r[0]!.vertices.toLocaleString('en-US')} / ${r[0]!.threeVertices ? r[0]!.threeVertices.toLocaleString('en-US') : '—'}`,
      ]);
      const share = worker / tTotal;
      const parseRatio = plain / tParse;
      const drawn = result.meshPixels > 1000;
      const parts = [
        `worker ${Number.isNaN(share) ? '—' : `${(share * 100).toFixed(0)} %`} of three.js (≤ 25 %: ${Number.isNaN(share) ? 'n/a' : verdict(share <= 0.25)})`,
        `plain parse ${Number.isNaN(parseRatio) ? '—' : `${parseRatio.toFixed(2)}×`} STLLoader (≤ 1.5×: ${Number.isNaN(parseRatio) ? 'n/a' : verdict(parseRatio <= 1.5)})`,
        `mesh drawn: ${drawn ? 'yes' : 'NO'} (${result.meshPixels.toLocaleString('en-US')} of 307,200 pixels)`,
      ];
      if (size === 1_000_000)
        parts.push(`first frame ${ms(result.firstFrame)} ms (< 1500: ${verdict(result.firstFrame < 1500)})`);
      if (size === 5_000_000) parts.push('opens without crashing: PASS');
      if (share > 0.25 || parseRatio > 1.5 || !drawn || (size === 1_000_000 && !(result.firstFrame < 1500)))
        failed = true;
      verdicts.push(`${label}: ${parts.join('; ')}`);
    }
    console.info(
      formatTable(
        [
          'triangles',
          'worker',
          '3 parse',
          '3 weld',
          '3 normals',
          '3 total',
          'plain parse',
          '1st frame',
          '3 1st frame',
          'vertices ours / three',
        ],
        rows,
      ),
    );
    console.info('');
    for (const line of verdicts) console.info(line);
    console.info(`\nOverall: ${failed ? 'FAIL' : 'PASS'}`);
    return 0;
  } finally {
    await browser.close();
    server?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
