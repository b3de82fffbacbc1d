import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';
import { expect, it } from 'vitest';
import { computeVertexNormals } from './normals';
import { parseMesh } from './parse';
import { jawFixtureStl } from './testing/jaw-fixture';
import { weldMesh } from './weld';

// Prints figures only (timing depends on the machine); `npm run bench -- mesh` measures properly.
it('parse + weld + normals of a 1,000,000-triangle binary STL, next to three.js', () => {
  const bytes = jawFixtureStl({ triangles: 1_000_000 });
  const buffer = bytes.buffer.slice(0) as ArrayBuffer;
  const time = <T>(fn: () => T): [T, number] => {
    const started = performance.now();
    return [fn(), performance.now() - started];
  };
  const [soup, parse] = time(() => parseMesh(bytes));
  const [mesh, weld] = time(() => weldMesh(soup));
  const [normals, normalsMs] = time(() => computeVertexNormals(mesh));
  const [geometry, threeParse] = time(() => new STLLoader().parse(buffer));
  geometry.deleteAttribute('normal');
  const [merged, threeWeld] = time(() => mergeVertices(geometry));
  const [, threeNormals] = time(() => merged.computeVertexNormals());

  expect(soup.triangleCount).toBeGreaterThan(990_000);
  expect(mesh.positions.length / 3).toBe(merged.getAttribute('position').count);
  expect(normals.length).toBe(mesh.positions.length);
  const ours = parse + weld + normalsMs;
  const three = threeParse + threeWeld + threeNormals;
  console.info(
    `${soup.triangleCount} triangles: @cuspid/mesh parse ${parse.toFixed(0)} ms + weld ${weld.toFixed(0)} ms + normals ${normalsMs.toFixed(0)} ms = ${ours.toFixed(0)} ms; ` +
      `three.js STLLoader ${threeParse.toFixed(0)} ms + mergeVertices ${threeWeld.toFixed(0)} ms + computeVertexNormals ${threeNormals.toFixed(0)} ms = ${three.toFixed(0)} ms ` +
      `(${((ours / three) * 100).toFixed(0)} %; parse ${(parse / threeParse).toFixed(2)}×)`,
  );
});
