// Parsing and welding binary STL scans with @cuspid/mesh next to three.js: `npm run bench -- mesh`.
import { parseArgs } from 'node:util';
import { computeVertexNormals, parseMesh, weldMesh } from '@cuspid/mesh';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import type { BufferGeometry } from 'three';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';
import { formatTable, machineLine } from './login';
import { median, timed } from './stats';

interface Timing {
  parse: number;
  weld: number;
  normals: number;
  vertices: number;
}

function runOurs(bytes: Uint8Array): Timing {
  const [soup, parse] = timed(() => parseMesh(bytes));
  const [mesh, weld] = timed(() => weldMesh(soup));
  const [, normals] = timed(() => computeVertexNormals(mesh));
  return { parse, weld, normals, vertices: mesh.positions.length / 3 };
}

function runThree(buffer: ArrayBuffer): Timing {
  const [geometry, parse] = timed(() => new STLLoader().parse(buffer));
  // STLLoader adds per-face normals, which would keep every corner apart: drop them before merging.
  const [merged, weld] = timed((): BufferGeometry => {
    geometry.deleteAttribute('normal');
    return mergeVertices(geometry);
  });
  const [, normals] = timed(() => merged.computeVertexNormals());
  return { parse, weld, normals, vertices: merged.getAttribute('position').count };
}

function medianOf(runs: Timing[]): Timing {
  return {
    parse: median(runs.map((r) => r.parse)),
    weld: median(runs.map((r) => r.weld)),
    normals: median(runs.map((r) => r.normals)),
    vertices: runs[0]!.vertices,
  };
}

const ms = (value: number) => value.toFixed(0);

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '5' },
      sizes: { type: 'string', default: '300000,1000000' },
    },
  });
  const runs = Number(values.runs);
  const sizes = values.sizes.split(',').map(Number);
  if (!(runs >= 1) || sizes.some((n) => !Number.isInteger(n) || n < 200)) {
    console.error('usage: mesh.ts [--runs=5] [--sizes=300000,1000000]');
    return 1;
  }
  console.info(machineLine());
  console.info(`Binary STL of the jaw fixture; median of ${runs} runs after one warm-up run (times in ms)\n`);

  const rows: string[][] = [];
  const verdicts: string[] = [];
  for (const size of sizes) {
    const bytes = jawFixtureStl({ triangles: size });
    const triangles = (bytes.length - 84) / 50;
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const ours: Timing[] = [];
    const three: Timing[] = [];
    for (let run = 0; run <= runs; run++) {
      const a = runOurs(bytes);
      const b = runThree(buffer);
      if (run > 0) {
        ours.push(a);
        three.push(b);
      }
    }
    const o = medianOf(ours);
    const t = medianOf(three);
    const oTotal = o.parse + o.weld + o.normals;
    const tTotal = t.parse + t.weld + t.normals;
    const label = `${triangles.toLocaleString('en-US')} (${(bytes.length / 1e6).toFixed(1)} MB)`;
    rows.push([
      label,
      'cuspid',
      ms(o.parse),
      ms(o.weld),
      ms(o.normals),
      ms(oTotal),
      o.vertices.toLocaleString('en-US'),
    ]);
    rows.push([
      label,
      'three.js',
      ms(t.parse),
      ms(t.weld),
      ms(t.normals),
      ms(tTotal),
      t.vertices.toLocaleString('en-US'),
    ]);
    const totalRatio = oTotal / tTotal;
    const parseRatio = o.parse / t.parse;
    verdicts.push(
      `${label}: parse+weld+normals ${(totalRatio * 100).toFixed(0)} % of three.js (target ≤ 25 %: ${totalRatio <= 0.25 ? 'met' : 'NOT met'}); ` +
        `parse alone ${parseRatio.toFixed(2)}× STLLoader (target ≤ 1.5×: ${parseRatio <= 1.5 ? 'met' : 'NOT met'})`,
    );
  }
  console.info(formatTable(['triangles', 'library', 'parse', 'weld', 'normals', 'total', 'vertices'], rows));
  console.info('');
  for (const line of verdicts) console.info(line);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
