// How long finding a jaw's anatomical frame takes, next to welding and the normals: `npm run bench -- frame`.
import { parseArgs } from 'node:util';
import { computeVertexNormals, findJawFrame, parseMesh, weldMesh } from '@cuspid/mesh';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import { formatTable, machineLine } from './login';
import { median, timed } from './stats';

const ms = (value: number) => value.toFixed(0);

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '5' },
      sizes: { type: 'string', default: '200000,1000000' },
    },
  });
  const runs = Number(values.runs);
  const sizes = values.sizes.split(',').map(Number);
  if (!(runs >= 1) || sizes.some((n) => !Number.isInteger(n) || n < 200)) {
    console.error('usage: frame.ts [--runs=5] [--sizes=200000,1000000]');
    return 1;
  }
  console.info(machineLine());
  console.info(`The jaw fixture as binary STL; median of ${runs} runs after one warm-up run (times in ms)\n`);
  const rows: string[][] = [];
  for (const size of sizes) {
    const mesh = weldMesh(parseMesh(jawFixtureStl({ triangles: size })));
    const triangles = mesh.indices.length / 3;
    const weld: number[] = [];
    const normals: number[] = [];
    const frame: number[] = [];
    let confidence = 0;
    const soup = parseMesh(jawFixtureStl({ triangles: size }));
    for (let run = 0; run <= runs; run++) {
      const [, w] = timed(() => weldMesh(soup));
      const [, n] = timed(() => computeVertexNormals(mesh));
      const [found, f] = timed(() => findJawFrame(mesh));
      confidence = found.confidence;
      if (run === 0) continue;
      weld.push(w);
      normals.push(n);
      frame.push(f);
    }
    rows.push([
      triangles.toLocaleString('en-US'),
      (mesh.positions.length / 3).toLocaleString('en-US'),
      ms(median(weld)),
      ms(median(normals)),
      ms(median(frame)),
      confidence.toFixed(2),
    ]);
  }
  console.info(formatTable(['triangles', 'vertices', 'weld', 'normals', 'findJawFrame', 'confidence'], rows));
  console.info(
    '\nfindJawFrame: principal axes of up to 60,000 vertices, the largest boundary loop (all edges), the U of the arch.',
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
