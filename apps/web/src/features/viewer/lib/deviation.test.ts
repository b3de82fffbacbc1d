import { describe, expect, it } from 'vitest';
import { computeDeviation, summarizeDeviation } from './deviation';

/** A flat grid of `cells`² quads (two triangles each) at height z, facing up (+z): `width` by `depth` mm. */
function flatGrid(z: number, { cells = 20, width = 10, depth = 10 } = {}) {
  const positions = new Float32Array((cells + 1) ** 2 * 3);
  for (let j = 0; j <= cells; j++) {
    for (let i = 0; i <= cells; i++) {
      positions.set([(i / cells) * width, (j / cells) * depth, z], (j * (cells + 1) + i) * 3);
    }
  }
  const indices = new Uint32Array(cells * cells * 6);
  for (let j = 0, t = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++, t += 6) {
      const a = j * (cells + 1) + i;
      const c = a + cells + 1;
      indices.set([a, a + 1, c + 1, a, c + 1, c], t);
    }
  }
  return { positions, indices };
}

/** A closed UV sphere around the origin, its triangles facing out. */
function sphere(radius: number, { rings = 48, segments = 64, twist = 0 } = {}) {
  const vertices: number[] = [0, 0, radius];
  for (let k = 1; k < rings; k++) {
    const theta = (Math.PI * k) / rings;
    for (let s = 0; s < segments; s++) {
      const phi = (2 * Math.PI * s) / segments + twist;
      vertices.push(
        radius * Math.sin(theta) * Math.cos(phi),
        radius * Math.sin(theta) * Math.sin(phi),
        radius * Math.cos(theta),
      );
    }
  }
  vertices.push(0, 0, -radius);
  const south = vertices.length / 3 - 1;
  const ring = (k: number, s: number) => 1 + (k - 1) * segments + (s % segments);
  const faces: number[] = [];
  for (let s = 0; s < segments; s++) {
    faces.push(0, ring(1, s), ring(1, s + 1));
    for (let k = 1; k < rings - 1; k++) {
      faces.push(ring(k, s), ring(k + 1, s), ring(k, s + 1), ring(k, s + 1), ring(k + 1, s), ring(k + 1, s + 1));
    }
    faces.push(ring(rings - 1, s), south, ring(rings - 1, s + 1));
  }
  return { positions: new Float32Array(vertices), indices: new Uint32Array(faces) };
}

describe('computeDeviation', () => {
  it('measures a grid 1 mm above a flat reference as +1 mm at every vertex', () => {
    const { distances, summary } = computeDeviation(flatGrid(1, { cells: 13 }), flatGrid(0));
    expect(distances).toHaveLength(14 * 14);
    for (const d of distances) expect(d).toBeCloseTo(1, 5);
    expect(summary).toMatchObject({ matched: 196, unmatched: 0 });
    expect(summary.min).toBeCloseTo(1, 5);
    expect(summary.max).toBeCloseTo(1, 5);
    expect(summary.meanAbs).toBeCloseTo(1, 5);
    expect(summary.rms).toBeCloseTo(1, 5);
    expect(summary.p95Abs).toBeCloseTo(1, 5);
  });

  it('measures a grid below the reference (inside) as negative', () => {
    const { distances, summary } = computeDeviation(flatGrid(-0.5, { cells: 7 }), flatGrid(0));
    for (const d of distances) expect(d).toBeCloseTo(-0.5, 5);
    expect(summary.min).toBeCloseTo(-0.5, 5);
    expect(summary.max).toBeCloseTo(-0.5, 5);
    expect(summary.meanAbs).toBeCloseTo(0.5, 5);
  });

  it('leaves vertices beyond maxDistance without a counterpart (NaN), and counts them', () => {
    // The measured grid runs 10 mm past the reference's edge at x = 10, in 1 mm columns: from x = 15 on, its
    // vertices are more than 5 mm (the default limit) from any point of the reference.
    const measured = flatGrid(1, { cells: 20, width: 20 });
    const { distances, summary } = computeDeviation(measured, flatGrid(0));
    for (let v = 0; v < distances.length; v++) {
      const x = measured.positions[v * 3]!;
      const expected = x <= 10 ? 1 : Math.hypot(x - 10, 1);
      if (expected > 5) expect(distances[v]).toBeNaN();
      else expect(distances[v]).toBeCloseTo(expected, 5);
    }
    // Columns x = 0…14 (15 of 21) have counterparts.
    expect(summary).toMatchObject({ matched: 15 * 21, unmatched: 6 * 21 });
    expect(summary.max).toBeCloseTo(Math.hypot(4, 1), 5);

    const near = computeDeviation(flatGrid(1, { cells: 4 }), flatGrid(0), { maxDistance: 0.9 });
    expect([...near.distances].every(Number.isNaN)).toBe(true);
    expect(near.summary).toMatchObject({ matched: 0, unmatched: 25 });
    expect(near.summary.meanAbs).toBeNaN();

    const unlimited = computeDeviation(flatGrid(40, { cells: 2 }), flatGrid(0), { maxDistance: Infinity });
    for (const d of unlimited.distances) expect(d).toBeCloseTo(40, 4);
  });

  it('measures a sphere 0.2 mm larger than the reference as 0.2 mm out, a smaller one as in', () => {
    const reference = sphere(10);
    // Another tessellation: its vertices fall between the reference's, where the facets lie up to ~0.02 mm
    // inside the true sphere.
    const larger = computeDeviation(sphere(10.2, { rings: 37, segments: 53, twist: 0.3 }), reference);
    expect(larger.summary.unmatched).toBe(0);
    for (const d of larger.distances) {
      expect(d).toBeGreaterThanOrEqual(0.2 - 1e-5);
      expect(d).toBeLessThan(0.225);
    }
    expect(larger.summary.meanAbs).toBeGreaterThan(0.2);
    expect(larger.summary.p95Abs).toBeLessThan(0.225);

    const smaller = computeDeviation(sphere(9.7, { rings: 37, segments: 53, twist: 0.3 }), reference);
    for (const d of smaller.distances) {
      expect(d).toBeLessThanOrEqual(-0.28);
      expect(d).toBeGreaterThan(-0.3 - 1e-5);
    }
    expect(smaller.summary.max).toBeLessThan(0);
  });

  it("leaves the reference's arrays as they were (the BVH sorts a copy)", () => {
    const reference = sphere(5, { rings: 12, segments: 16 });
    const before = reference.indices.slice();
    computeDeviation(sphere(5.1), reference);
    expect(reference.indices).toEqual(before);
  });

  it('answers a reference without triangles with no counterparts, and refuses broken arrays', () => {
    const empty = computeDeviation(flatGrid(0, { cells: 1 }), {
      positions: new Float32Array(0),
      indices: new Uint32Array(0),
    });
    expect([...empty.distances].every(Number.isNaN)).toBe(true);
    const reference = flatGrid(0, { cells: 1 });
    expect(() =>
      computeDeviation(flatGrid(1), { positions: reference.positions, indices: new Uint32Array([0, 1, 9]) }),
    ).toThrow(RangeError);
    expect(() => computeDeviation(flatGrid(1), reference, { maxDistance: 0 })).toThrow(RangeError);
  });
});

describe('summarizeDeviation', () => {
  it('sums up the matched distances: extremes signed, mean, RMS and 95th percentile of the magnitudes', () => {
    const summary = summarizeDeviation(new Float32Array([1, -2, Number.NaN, 3, -4]));
    expect(summary).toEqual({
      min: -4,
      max: 3,
      meanAbs: 2.5,
      rms: Math.sqrt(7.5),
      p95Abs: 4,
      matched: 4,
      unmatched: 1,
    });
  });

  it('takes the 95th percentile by nearest rank', () => {
    const distances = Float32Array.from({ length: 100 }, (_, i) => (i % 2 ? 1 : -1) * (100 - i));
    expect(summarizeDeviation(distances).p95Abs).toBe(95);
    expect(summarizeDeviation(new Float32Array([0.3])).p95Abs).toBeCloseTo(0.3, 6);
  });
});
