import { BufferAttribute, BufferGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { analyzeMesh } from './analyze';
import { assessJawScan } from './assess';
import { computeVertexNormals } from './normals';
import { parseMesh } from './parse';
import { repairMesh } from './repair';
import { simplifyMesh } from './simplify';
import { cube, merge, withFaces } from './test-support/meshes';
import { jawFixture, jawFixtureStl } from './testing/jaw-fixture';
import { toTriangleSoup } from './types';
import { weldMesh } from './weld';

describe('analyzeMesh on known meshes', () => {
  it('a closed cube: 12 triangles, no boundary, area 6·s²', () => {
    const report = analyzeMesh(cube(3));
    expect(report).toMatchObject({
      triangles: 12,
      vertices: 8,
      boundaryEdges: 0,
      holes: 0,
      nonManifoldEdges: 0,
      duplicateFaces: 0,
      degenerateFaces: 0,
      boundingBox: { min: [0, 0, 0], max: [3, 3, 3], size: [3, 3, 3] },
    });
    expect(report.surfaceArea).toBeCloseTo(54, 10);
  });

  it('an open box (top removed): a border of 4 boundary edges, no hole', () => {
    const box = cube(2);
    const open = { positions: box.positions, indices: box.indices.filter((_, i) => i < 6 || i >= 12) };
    const report = analyzeMesh(open);
    expect(report).toMatchObject({
      triangles: 10,
      boundaryEdges: 4,
      boundaryLoops: 1,
      borderEdges: 4,
      borderLength: 8,
      holes: 0,
      nonManifoldEdges: 0,
    });
    expect(report.surfaceArea).toBeCloseTo(20, 10);
  });

  it('two open boxes: two boundary loops, the longer the border and the other a hole', () => {
    const open = (origin: [number, number, number]) => {
      const box = cube(1, origin);
      return { positions: box.positions, indices: box.indices.filter((_, i) => i < 6 || i >= 12) };
    };
    const small = (origin: [number, number, number]) => {
      const box = cube(0.5, origin);
      return { positions: box.positions, indices: box.indices.filter((_, i) => i < 6 || i >= 12) };
    };
    expect(analyzeMesh(merge(open([0, 0, 0]), small([5, 0, 0])))).toMatchObject({
      boundaryLoops: 2,
      borderEdges: 4,
      borderLength: 4,
      holes: 1,
      largestHoleEdges: 4,
      boundaryEdges: 8,
    });
  });

  it('two cubes sharing an edge: one non-manifold edge once welded', () => {
    const soup = { positions: toTriangleSoup(merge(cube(1), cube(1, [1, 1, 0]))) };
    const report = analyzeMesh(soup); // welded first
    expect(report).toMatchObject({ triangles: 24, vertices: 14, nonManifoldEdges: 1, boundaryEdges: 0 });
  });

  it('duplicated and degenerate faces are counted, and repair removes them', () => {
    const base = cube(1);
    // A copy of triangle 0 in the other winding, a triangle with a repeated vertex, and a zero-area one
    // (vertex 8 is the middle of the edge 0–1).
    const broken = withFaces(
      base,
      [base.indices[0]!, base.indices[2]!, base.indices[1]!, 0, 0, 1, 0, 8, 1],
      [0.5, 0, 0],
    );
    const report = analyzeMesh(broken);
    expect(report).toMatchObject({ triangles: 15, vertices: 9, duplicateFaces: 1, degenerateFaces: 2 });
    expect(report.nonManifoldEdges).toBe(3); // the duplicate's edges have three faces

    const repaired = repairMesh(broken);
    expect(repaired.removed).toEqual({ degenerateFaces: 2, duplicateFaces: 1, unreferencedVertices: 1 });
    const after = analyzeMesh(repaired.mesh);
    expect(after).toMatchObject({
      triangles: 12,
      vertices: 8,
      boundaryEdges: 0,
      nonManifoldEdges: 0,
      duplicateFaces: 0,
      degenerateFaces: 0,
    });
    expect(after.surfaceArea).toBeCloseTo(6, 10);
  });

  it('an empty mesh', () => {
    expect(analyzeMesh({ positions: new Float32Array(0), indices: new Uint32Array(0) })).toMatchObject({
      triangles: 0,
      vertices: 0,
      holes: 0,
      boundingBox: { size: [0, 0, 0] },
    });
  });
});

describe('weldMesh', () => {
  it('merges identical corners, +0 and -0 alike, keeping triangle order and winding', () => {
    const soup = { positions: toTriangleSoup(cube(1)) };
    soup.positions[0] = -0;
    const welded = weldMesh(soup);
    expect(welded.positions.length / 3).toBe(8);
    expect(welded.indices.length).toBe(36);
    expect(toTriangleSoup(welded)).toEqual(toTriangleSoup(cube(1)));
  });

  it('merges corners within the tolerance only', () => {
    const positions = toTriangleSoup(cube(10));
    for (let i = 0; i < positions.length; i++) positions[i] = positions[i]! + ((i * 7919) % 11) * 1e-5;
    expect(weldMesh({ positions }).positions.length / 3).toBeGreaterThan(8);
    expect(weldMesh({ positions }, { tolerance: 1e-3 }).positions.length / 3).toBe(8);
    expect(analyzeMesh(weldMesh({ positions }, { tolerance: 1e-3 })).boundaryEdges).toBe(0);
  });

  it('keeps apart corners that differ, growing its table past the first guess', () => {
    // 20,000 triangles sharing nothing: 60,000 distinct corners, far above the table's first size.
    const positions = new Float32Array(20_000 * 9);
    for (let i = 0; i < positions.length; i++) positions[i] = i * 0.25 - (i % 7);
    const welded = weldMesh({ positions });
    expect(welded.positions).toEqual(positions);
    expect(Array.from(welded.indices)).toEqual(Array.from({ length: 60_000 }, (_, i) => i));
    const tolerant = weldMesh({ positions }, { tolerance: 0.01 });
    expect(tolerant.positions.length).toBe(positions.length);
  });

  it('welds a large soup into the fixture again', () => {
    const { mesh } = jawFixture({ triangles: 60_000 });
    const soup = toTriangleSoup(mesh);
    const welded = weldMesh({ positions: soup });
    expect(welded.positions.length).toBe(mesh.positions.length);
    expect(toTriangleSoup(welded)).toEqual(soup);
    expect(analyzeMesh(welded)).toEqual(analyzeMesh(mesh));
  });
});

describe('computeVertexNormals', () => {
  it('matches three.js on the jaw fixture', () => {
    const { mesh } = jawFixture({ triangles: 4000 });
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(mesh.positions, 3));
    geometry.setIndex(new BufferAttribute(mesh.indices, 1));
    geometry.computeVertexNormals();
    const theirs = geometry.getAttribute('normal').array as Float32Array;
    const ours = computeVertexNormals(mesh);
    expect(ours.length).toBe(theirs.length);
    let worst = 0;
    for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs(ours[i]! - theirs[i]!));
    expect(worst).toBeLessThan(1e-5);
  });

  it('is the face normal on a flat square', () => {
    const normals = computeVertexNormals({
      positions: new Float32Array([0, 0, 0, 4, 0, 0, 4, 4, 0, 0, 4, 0]),
      indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
    });
    expect(Array.from(normals)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
  });
});

describe('simplifyMesh', () => {
  it('reaches about the target triangle count and keeps the shape', async () => {
    const { mesh } = jawFixture({ triangles: 20_000 });
    const { mesh: simple, error } = await simplifyMesh(mesh, { targetTriangles: 2_000 });
    const triangles = simple.indices.length / 3;
    expect(triangles).toBeLessThanOrEqual(2_000);
    expect(triangles).toBeGreaterThan(1_800);
    expect(error).toBeLessThan(0.02);
    const before = analyzeMesh(mesh);
    const after = analyzeMesh(simple);
    expect(after.vertices).toBeLessThan(before.vertices);
    for (let k = 0; k < 3; k++) expect(after.boundingBox.size[k]).toBeCloseTo(before.boundingBox.size[k]!, 0);
  });

  it('returns the mesh unchanged when it is already small enough', async () => {
    const mesh = cube(1);
    expect((await simplifyMesh(mesh, { targetTriangles: 100 })).mesh).toBe(mesh);
  });
});

describe('jaw fixture', () => {
  it('is a plausible jaw: about 55 × 50 × 20 mm, one open base, no defects', () => {
    const { mesh } = jawFixture();
    const report = analyzeMesh(mesh);
    expect(report.triangles).toBeGreaterThan(15_000);
    expect(report.triangles).toBeLessThan(17_000);
    expect(report.boundingBox.size[0]).toBeCloseTo(55, 3);
    expect(report.boundingBox.size[1]).toBeCloseTo(50, 3);
    expect(report.boundingBox.size[2]).toBeGreaterThan(18);
    expect(report.boundingBox.size[2]).toBeLessThanOrEqual(20);
    // Its open base is its border, not a hole.
    expect(report).toMatchObject({
      boundaryLoops: 1,
      holes: 0,
      largestHoleEdges: 0,
      nonManifoldEdges: 0,
      duplicateFaces: 0,
      degenerateFaces: 0,
    });
    expect(report.borderEdges).toBe(report.boundaryEdges);
    expect(assessJawScan(report)).toEqual({ ok: true });
  });

  it('is deterministic and configurable', () => {
    expect(jawFixture({ triangles: 5_000 })).toEqual(jawFixture({ triangles: 5_000 }));
    for (const triangles of [2_000, 50_000]) {
      const count = jawFixture({ triangles }).mesh.indices.length / 3;
      expect(Math.abs(count - triangles) / triangles).toBeLessThan(0.1);
    }
    const upper = analyzeMesh(jawFixture({ jaw: 'upper' }).mesh);
    expect(upper.boundingBox.max[2]).toBe(0);
    expect(upper.boundingBox.min[2]).toBeLessThan(-18);
  });

  it('has two vertices exactly 10.00 mm apart', () => {
    for (const options of [{}, { jaw: 'upper' as const, triangles: 3_000 }]) {
      const { mesh, calibration } = jawFixture(options);
      const p = mesh.positions;
      const a = calibration.a * 3;
      const b = calibration.b * 3;
      const distance = Math.hypot(p[a]! - p[b]!, p[a + 1]! - p[b + 1]!, p[a + 2]! - p[b + 2]!);
      expect(distance).toBe(10);
      expect(calibration.distanceMm).toBe(10);
    }
  });

  it('its STL parses back to the same triangles', () => {
    const { mesh } = jawFixture({ triangles: 3_000 });
    expect(parseMesh(jawFixtureStl({ triangles: 3_000 })).positions).toEqual(toTriangleSoup(mesh));
  });
});

describe('assessJawScan', () => {
  const jaw = analyzeMesh(jawFixture({ triangles: 3_000 }).mesh);
  const scaled = (factor: number) => {
    const { mesh } = jawFixture({ triangles: 3_000 });
    return analyzeMesh({ positions: mesh.positions.map((v) => v * factor), indices: mesh.indices });
  };

  it('accepts the fixture', () => {
    expect(assessJawScan(jaw)).toEqual({ ok: true });
  });

  it('refuses scans exported in metres or micrometres, with a plain message', () => {
    const metres = assessJawScan(scaled(0.001));
    expect(metres).toMatchObject({ ok: false, reason: 'TOO_SMALL' });
    expect(!metres.ok && metres.message).toMatch(/0\.055 mm across.*millimetres/);
    const micrometres = assessJawScan(scaled(1000));
    expect(micrometres).toMatchObject({ ok: false, reason: 'TOO_BIG' });
    expect(!micrometres.ok && micrometres.message).toMatch(/55000 mm across/);
  });

  it('refuses empty, too coarse, too fine and all-flat meshes', () => {
    expect(assessJawScan(analyzeMesh({ positions: new Float32Array(0), indices: new Uint32Array(0) }))).toMatchObject({
      ok: false,
      reason: 'NO_TRIANGLES',
    });
    expect(assessJawScan(analyzeMesh(cube(50)))).toMatchObject({ ok: false, reason: 'TOO_FEW_TRIANGLES' });
    expect(assessJawScan(jaw, { maxTriangles: 1_000 })).toMatchObject({ ok: false, reason: 'TOO_MANY_TRIANGLES' });
    const flat = {
      positions: new Float32Array([0, 0, 0, 1, 0, 0, 2, 0, 0]),
      indices: new Uint32Array([0, 1, 2, 0, 0, 1]),
    };
    expect(assessJawScan(analyzeMesh(flat))).toMatchObject({ ok: false, reason: 'ALL_DEGENERATE' });
  });
});
