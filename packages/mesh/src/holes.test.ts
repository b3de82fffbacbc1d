import { describe, expect, it } from 'vitest';
import { analyzeMesh } from './analyze';
import { boundaryLoops } from './boundary';
import { MAX_FILLED_HOLE_EDGES, repairMesh } from './repair';
import { jawFixture } from './testing/jaw-fixture';
import type { IndexedMesh } from './types';

/**
 * The jaw fixture (an arch on an open base) and its grid: quad (s, r) of column s and row r is made of triangles
 * 2·(s·rows + r) and the next one.
 */
function jaw() {
  const { mesh } = jawFixture({ triangles: 16_000 });
  const triangles = mesh.indices.length / 3;
  const vertices = mesh.positions.length / 3;
  let rows = 6;
  while (!((triangles / (2 * rows) + 1) * (rows + 1) === vertices && triangles % (2 * rows) === 0)) rows++;
  return { mesh, rows, segments: triangles / (2 * rows) };
}

/** The mesh without the given triangles. */
function without(mesh: IndexedMesh, triangles: Iterable<number>): IndexedMesh {
  const gone = new Set(triangles);
  const indices = mesh.indices.filter((_, i) => !gone.has(Math.floor(i / 3)));
  return { positions: mesh.positions, indices };
}

/** The triangles of the quads of columns `s0…s0+columns-1` and rows `r0…r0+height-1`: a hole of 2·(columns+height) edges. */
function quads(rows: number, s0: number, r0: number, columns = 1, height = 1): number[] {
  const out: number[] = [];
  for (let s = s0; s < s0 + columns; s++) {
    for (let r = r0; r < r0 + height; r++) out.push(2 * (s * rows + r), 2 * (s * rows + r) + 1);
  }
  return out;
}

/** Whether every edge between two triangles is run through in opposite directions: normals consistent. */
function consistentlyOriented(mesh: IndexedMesh): boolean {
  const seen = new Set<string>();
  for (let t = 0; t < mesh.indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const key = `${mesh.indices[t + k]}>${mesh.indices[t + ((k + 1) % 3)]}`;
      if (seen.has(key)) return false;
      seen.add(key);
    }
  }
  return true;
}

describe('a jaw scan with an open base', () => {
  const { mesh, rows, segments } = jaw();
  const crown = Math.floor(rows / 2);
  const border = 2 * segments + 2 * rows;
  const one = without(mesh, quads(rows, 10, crown));
  const three = without(mesh, [...quads(rows, 10, crown), ...quads(rows, 40, crown), ...quads(rows, 70, crown + 3)]);
  // A gap of 60 × 2 quads: a rim of 124 edges, over the limit.
  const large = without(mesh, quads(rows, 100, crown, 60, 2));
  const threeAndLargeMesh = without(mesh, [
    ...quads(rows, 10, crown),
    ...quads(rows, 40, crown),
    ...quads(rows, 70, crown + 3),
    ...quads(rows, 100, crown, 60, 2),
  ]);

  it('reports its base as the border and no hole', () => {
    const report = analyzeMesh(mesh);
    expect(report).toMatchObject({ boundaryLoops: 1, borderEdges: border, boundaryEdges: border, holes: 0 });
    // The base rim runs along both walls of the arch: far longer than any hole.
    expect(report.borderLength).toBeGreaterThan(200);
  });

  it('tells holes from the border: 1, 3, and 3 with a large one', () => {
    expect(analyzeMesh(one)).toMatchObject({ boundaryLoops: 2, borderEdges: border, holes: 1, largestHoleEdges: 4 });
    expect(analyzeMesh(three)).toMatchObject({ borderEdges: border, holes: 3, largestHoleEdges: 4 });
    expect(analyzeMesh(large)).toMatchObject({ borderEdges: border, holes: 1, largestHoleEdges: 124 });
    expect(analyzeMesh(threeAndLargeMesh)).toMatchObject({ borderEdges: border, holes: 4, largestHoleEdges: 124 });
  });

  it('walks each loop in the winding of its triangles', () => {
    const loops = boundaryLoops(one);
    expect(loops.map((loop) => [loop.vertices.length, loop.closed])).toEqual(
      expect.arrayContaining([
        [border, true],
        [4, true],
      ]),
    );
    const hole = loops.find((loop) => loop.vertices.length === 4)!;
    // Each rim edge a→b is an edge of a remaining triangle in that direction.
    const directed = new Set<string>();
    for (let t = 0; t < one.indices.length; t += 3) {
      for (let k = 0; k < 3; k++) directed.add(`${one.indices[t + k]}>${one.indices[t + ((k + 1) % 3)]}`);
    }
    for (let i = 0; i < 4; i++) expect(directed.has(`${hole.vertices[i]}>${hole.vertices[(i + 1) % 4]}`)).toBe(true);
  });

  it('repairs nothing on a clean scan: the border stays open', () => {
    const repaired = repairMesh(mesh);
    expect(repaired.holes).toEqual({ filled: 0, tooLarge: 0, irregular: 0, addedTriangles: 0, maxHoleEdges: 100 });
    expect(repaired.mesh.indices.length).toBe(mesh.indices.length);
    expect(analyzeMesh(repaired.mesh)).toMatchObject({ borderEdges: border, holes: 0 });
  });

  it('fills small holes with consistently oriented triangles and leaves one too large open', () => {
    const repaired = repairMesh(threeAndLargeMesh);
    expect(MAX_FILLED_HOLE_EDGES).toBe(100);
    // Three rims of 4 edges: a fan of 4 triangles around a new centre vertex each.
    expect(repaired.holes).toEqual({ filled: 3, tooLarge: 1, irregular: 0, addedTriangles: 12, maxHoleEdges: 100 });
    expect(repaired.mesh.indices.length / 3).toBe(threeAndLargeMesh.indices.length / 3 + 12);
    // The 59 vertices inside the large gap are used by no triangle any more; three centres are new.
    expect(repaired.mesh.positions.length / 3).toBe(mesh.positions.length / 3 - 59 + 3);
    const report = analyzeMesh(repaired.mesh);
    expect(report).toMatchObject({ borderEdges: border, holes: 1, largestHoleEdges: 124, nonManifoldEdges: 0 });
    expect(consistentlyOriented(repaired.mesh)).toBe(true);
  });

  it('fills a hole close to the surface that was there', () => {
    const repaired = repairMesh(three).mesh;
    expect(analyzeMesh(repaired).holes).toBe(0);
    expect(consistentlyOriented(repaired)).toBe(true);
    const original = analyzeMesh(mesh).surfaceArea;
    expect(Math.abs(analyzeMesh(repaired).surfaceArea - original) / original).toBeLessThan(1e-3);
  });

  it('closes a hole of three edges with one triangle', () => {
    const holed = without(mesh, [2 * (20 * rows + crown)]);
    expect(analyzeMesh(holed)).toMatchObject({ holes: 1, largestHoleEdges: 3 });
    const repaired = repairMesh(holed);
    expect(repaired.holes).toMatchObject({ filled: 1, addedTriangles: 1 });
    expect(repaired.mesh.positions.length).toBe(mesh.positions.length);
    expect(analyzeMesh(repaired.mesh).holes).toBe(0);
    expect(consistentlyOriented(repaired.mesh)).toBe(true);
  });

  it('fills larger holes when asked to, and none with a limit of 0', () => {
    expect(repairMesh(large, { maxHoleEdges: 200 }).holes).toMatchObject({ filled: 1, tooLarge: 0 });
    expect(repairMesh(three, { maxHoleEdges: 0 }).holes).toMatchObject({ filled: 0, tooLarge: 3 });
  });
});
