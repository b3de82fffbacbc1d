import { describe, expect, it } from 'vitest';
import {
  AXIS_ROTATIONS,
  applyMatrix,
  axisRotationCode,
  findJawFrame,
  type Matrix3,
  multiplyMatrices,
  orientedMatrix,
  turnOrientation,
} from './frame';
import { parseMesh } from './parse';
import { merge } from './test-support/meshes';
import { jawFixture } from './testing/jaw-fixture';
import { type IndexedMesh, toTriangleSoup, type Vec3 } from './types';
import { weldMesh } from './weld';
import { writeBinaryStl } from './writers';

function rotate(mesh: IndexedMesh, m: Matrix3, shift: Vec3 = [0, 0, 0]): IndexedMesh {
  const positions = new Float32Array(mesh.positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const p = applyMatrix(m, [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!]);
    positions[i] = p[0] + shift[0];
    positions[i + 1] = p[1] + shift[1];
    positions[i + 2] = p[2] + shift[2];
  }
  return { positions, indices: mesh.indices };
}

/** Column k of a matrix: where it sends the k-th axis. */
const column = (m: Matrix3, k: number): Vec3 => [m[k]!, m[3 + k]!, m[6 + k]!];

const angleDeg = (a: Vec3, b: Vec3) =>
  (Math.acos(Math.max(-1, Math.min(1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]))) * 180) / Math.PI;

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniformly random rotation (from a random unit quaternion). */
function randomRotation(next: () => number): Matrix3 {
  const u1 = next();
  const u2 = next() * 2 * Math.PI;
  const u3 = next() * 2 * Math.PI;
  const x = Math.sqrt(1 - u1) * Math.sin(u2);
  const y = Math.sqrt(1 - u1) * Math.cos(u2);
  const z = Math.sqrt(u1) * Math.sin(u3);
  const w = Math.sqrt(u1) * Math.cos(u3);
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y - z * w),
    2 * (x * z + y * w),
    2 * (x * y + z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z - x * w),
    2 * (x * z - y * w),
    2 * (y * z + x * w),
    1 - 2 * (x * x + y * y),
  ];
}

const lower = jawFixture({ triangles: 6000 }).mesh;
const upper = jawFixture({ triangles: 6000, jaw: 'upper' }).mesh;

/** The fixture's frame is x right, y anterior, z up (the upper jaw's crowns down): where R sends them. */
function expectFrame(mesh: IndexedMesh, jaw: 'upper' | 'lower', r: Matrix3) {
  const frame = findJawFrame(mesh, { jaw });
  const crowns = jaw === 'upper' ? -1 : 1;
  const want = {
    right: column(r, 0),
    anterior: column(r, 1),
    occlusal: column(r, 2).map((v) => v * crowns) as Vec3,
  };
  expect(angleDeg(frame.occlusal, want.occlusal)).toBeLessThan(10);
  expect(angleDeg(frame.anterior, want.anterior)).toBeLessThan(10);
  expect(angleDeg(frame.right, want.right)).toBeLessThan(10);
  // The matrix turns the scan back into the fixture's own axes.
  const back = multiplyMatrices(frame.matrix, r);
  for (let i = 0; i < 9; i++) expect(back[i]!).toBeCloseTo([1, 0, 0, 0, 1, 0, 0, 0, 1][i]!, 1);
  return frame;
}

describe('findJawFrame', () => {
  it('finds the frame of a lower and an upper jaw in all 24 axis-aligned orientations', () => {
    expect(AXIS_ROTATIONS).toHaveLength(24);
    for (const r of AXIS_ROTATIONS) {
      expectFrame(rotate(lower, r), 'lower', r);
      expectFrame(rotate(upper, r), 'upper', r);
    }
  });

  it('finds the frame within 10° at 24 random angles and positions (seeded)', () => {
    const next = random(29);
    for (let i = 0; i < 24; i++) {
      const r = randomRotation(next);
      const shift: Vec3 = [next() * 200 - 100, next() * 200 - 100, next() * 200 - 100];
      const jaw = i % 2 ? 'upper' : 'lower';
      const frame = expectFrame(rotate(jaw === 'upper' ? upper : lower, r, shift), jaw, r);
      expect(frame.confidence).toBeGreaterThan(0.3);
    }
  });

  it('finds the same anatomy in a Y-up and a Z-up binary STL of the same jaw', () => {
    // 3Shape: y up (teeth), −z to the front; the other scanners: z up, y to the front.
    const yUp: Matrix3 = [1, 0, 0, 0, 0, 1, 0, -1, 0];
    const files = {
      yUp: parseMesh(writeBinaryStl(rotate(lower, yUp))),
      zUp: parseMesh(writeBinaryStl(lower)),
    };
    const y = findJawFrame(files.yUp);
    const z = findJawFrame(files.zUp);
    expect(angleDeg(y.occlusal, [0, 1, 0])).toBeLessThan(10);
    expect(angleDeg(y.anterior, [0, 0, -1])).toBeLessThan(10);
    expect(angleDeg(z.occlusal, [0, 0, 1])).toBeLessThan(10);
    expect(angleDeg(z.anterior, [0, 1, 0])).toBeLessThan(10);
    // Shown in the anatomical frame, both are the same: the same box.
    const extent = (mesh: { positions: Float32Array }, m: Matrix3) => {
      const lo = [Infinity, Infinity, Infinity];
      const hi = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < mesh.positions.length; i += 9) {
        for (let c = 0; c < 9; c += 3) {
          const p = applyMatrix(m, [mesh.positions[i + c]!, mesh.positions[i + c + 1]!, mesh.positions[i + c + 2]!]);
          for (let k = 0; k < 3; k++) {
            lo[k] = Math.min(lo[k]!, p[k]!);
            hi[k] = Math.max(hi[k]!, p[k]!);
          }
        }
      }
      return hi.map((h, k) => h - lo[k]!);
    };
    const a = extent(files.yUp, y.matrix);
    const b = extent(files.zUp, z.matrix);
    for (let k = 0; k < 3; k++) expect(a[k]!).toBeCloseTo(b[k]!, 0);
    // Width (x) 55 mm, depth (y) 50 mm, height (z) about 20 mm.
    expect(b[0]).toBeCloseTo(55, 0);
    expect(b[1]).toBeCloseTo(50, 0);
  });

  it('gives the centre of the arch and no confidence for an empty mesh', () => {
    const frame = findJawFrame(rotate(lower, AXIS_ROTATIONS[0]!, [10, 20, 30]));
    expect(frame.center[0]).toBeCloseTo(10, 0);
    expect(frame.center[1]).toBeCloseTo(20 + 25, 0);
    expect(frame.confidence).toBeGreaterThan(0.5);
    const empty = findJawFrame({ positions: new Float32Array(0), indices: new Uint32Array(0) });
    expect(empty.confidence).toBe(0);
  });
});

describe('findJawFrame: uncertainty', () => {
  it('is unsure when nothing tells the base from the crowns (an arch mirrored onto its own base)', () => {
    const both = weldMesh({ positions: toTriangleSoup(merge(lower, upper)) });
    const frame = findJawFrame(both);
    // The axis is still found; which way it points is a guess, and says so.
    expect(Math.abs(frame.occlusal[2])).toBeGreaterThan(0.98);
    expect(frame.confidence).toBeLessThan(0.3);
    expect(findJawFrame(lower).confidence).toBeGreaterThan(0.8);
  });
});

describe('orientation corrections', () => {
  it('numbers the 24 rotations, identity first, and turns by quarter steps and the flip', () => {
    expect(AXIS_ROTATIONS[0]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(new Set(AXIS_ROTATIONS.map((m) => m.join())).size).toBe(24);
    for (let code = 0; code < 24; code++) expect(axisRotationCode(AXIS_ROTATIONS[code]!)).toBe(code);
    // Four quarter turns about any axis, or two flips, come back.
    for (const step of ['+x', '-y', '+z'] as const) {
      let code = 5;
      for (let i = 0; i < 4; i++) code = turnOrientation(code, step);
      expect(code).toBe(5);
    }
    expect(turnOrientation(turnOrientation(0, 'flip'), 'flip')).toBe(0);
    expect(turnOrientation(turnOrientation(0, '+x'), '-x')).toBe(0);
    // +90° about x sends the front (y) up (z).
    expect(applyMatrix(AXIS_ROTATIONS[turnOrientation(0, '+x')]!, [0, 1, 0])).toEqual([0, 0, 1]);
    // The flip keeps the front and turns upside down.
    expect(applyMatrix(AXIS_ROTATIONS[turnOrientation(0, 'flip')]!, [0, 1, 0])).toEqual([0, 1, 0]);
    expect(applyMatrix(AXIS_ROTATIONS[turnOrientation(0, 'flip')]!, [0, 0, 1])).toEqual([0, 0, -1]);
  });

  it('applies the correction after the detected frame', () => {
    const frame = findJawFrame(lower);
    const code = turnOrientation(0, '+z');
    const shown = orientedMatrix(frame, code);
    // The front turned a quarter about the superior axis: to the patient's left (−x).
    const front = applyMatrix(shown, frame.anterior);
    expect(front[0]).toBeCloseTo(-1, 5);
    expect(orientedMatrix(frame, 0)).toEqual(frame.matrix);
  });
});
