import { analyzeMesh } from '@cuspid/mesh';
import { jawFixture } from '@cuspid/mesh/testing';
import { describe, expect, it } from 'vitest';
import { findQualityEdges } from './quality-edges';

const mesh = (positions: number[], indices: number[]) => ({
  positions: new Float32Array(positions),
  indices: new Uint32Array(indices),
});

/** The segments as sorted "x,y,z-x,y,z" strings, each edge's two ends in a fixed order. */
function segments(lines: Float32Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 6) {
    const ends = [lines.slice(i, i + 3).join(','), lines.slice(i + 3, i + 6).join(',')].sort();
    out.push(ends.join('-'));
  }
  return out.sort();
}

describe('findQualityEdges', () => {
  it('finds the three edges of a lone triangle as boundary', () => {
    const edges = findQualityEdges(mesh([0, 0, 0, 1, 0, 0, 0, 2, 0], [0, 1, 2]));
    expect(edges.boundaryCount).toBe(3);
    expect(edges.nonManifoldCount).toBe(0);
    expect(edges.boundary).toHaveLength(18);
    expect(edges.nonManifold).toHaveLength(0);
    expect(segments(edges.boundary)).toEqual(['0,0,0-0,2,0', '0,0,0-1,0,0', '0,2,0-1,0,0']);
  });

  it('finds nothing on a closed tetrahedron', () => {
    const edges = findQualityEdges(mesh([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], [0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2]));
    expect(edges).toEqual({
      boundary: new Float32Array(0),
      nonManifold: new Float32Array(0),
      boundaryCount: 0,
      nonManifoldCount: 0,
    });
  });

  it('finds the edge three triangles share as non-manifold, their other edges as boundary', () => {
    // A "book" of three pages along the edge (0,0,0)–(0,0,1).
    const edges = findQualityEdges(mesh([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, -1, -1, 0], [0, 1, 2, 0, 1, 3, 0, 1, 4]));
    expect(edges.nonManifoldCount).toBe(1);
    expect(segments(edges.nonManifold)).toEqual(['0,0,0-0,0,1']);
    expect(edges.boundaryCount).toBe(6);
  });

  it('counts as analyzeMesh does on a scan with a hole, a fin and a degenerate triangle', () => {
    const { mesh: jaw } = jawFixture({ triangles: 6000 });
    // Cut a hole: drop two neighbouring triangles from the middle of the mesh.
    const kept = [...jaw.indices.subarray(0, 3000 * 3), ...jaw.indices.subarray(3002 * 3)];
    // Beside the open base, a second loop of boundary edges: the hole.
    expect(analyzeMesh({ positions: jaw.positions, indices: new Uint32Array(kept) })).toMatchObject({
      boundaryLoops: 2,
      holes: 1,
    });
    // An edge two triangles share, to hang a third one on.
    const uses = new Map<string, number>();
    for (let t = 0; t < kept.length; t += 3) {
      for (let k = 0; k < 3; k++) {
        const ends = [kept[t + k]!, kept[t + ((k + 1) % 3)]!].sort((x, y) => x - y);
        uses.set(ends.join(' '), (uses.get(ends.join(' ')) ?? 0) + 1);
      }
    }
    const shared = [...uses].find(([, n]) => n === 2)![0];
    const [a = 0, b = 0] = shared.split(' ').map(Number);
    const vertexCount = jaw.positions.length / 3;
    const positions = new Float32Array([...jaw.positions, 100, 100, 100]);
    // A fin on that edge (non-manifold), and a triangle with a repeated corner.
    const indices = new Uint32Array([...kept, a, b, vertexCount, a, a, b]);
    const scan = { positions, indices };

    const report = analyzeMesh(scan);
    const edges = findQualityEdges(scan);
    expect(report.nonManifoldEdges).toBe(1);
    expect(report.degenerateFaces).toBe(1);
    expect(edges.boundaryCount).toBe(report.boundaryEdges);
    expect(edges.nonManifoldCount).toBe(report.nonManifoldEdges);
    expect(edges.boundary).toHaveLength(report.boundaryEdges * 6);
    expect(edges.nonManifold).toHaveLength(6);
    // The segments are the mesh's own coordinates.
    expect(segments(edges.nonManifold)).toEqual(
      segments(new Float32Array([...positions.subarray(a * 3, a * 3 + 3), ...positions.subarray(b * 3, b * 3 + 3)])),
    );
  });

  it('refuses indices beyond the vertices', () => {
    expect(() => findQualityEdges(mesh([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 3]))).toThrow(RangeError);
  });
});
