import { tallyEdges } from '@cuspid/mesh';
import { checkMeshArrays, type QualityEdges } from './mesh-messages';

function writeSegment(target: Float32Array, at: number, positions: Float32Array, a: number, b: number): void {
  target[at] = positions[a * 3]!;
  target[at + 1] = positions[a * 3 + 1]!;
  target[at + 2] = positions[a * 3 + 2]!;
  target[at + 3] = positions[b * 3]!;
  target[at + 4] = positions[b * 3 + 1]!;
  target[at + 5] = positions[b * 3 + 2]!;
}

/**
 * The edges that make a scan suspect, as line segments for three.js `LineSegments` (six floats per edge):
 * boundary edges (one triangle: the rims of holes and of the open base) and non-manifold ones (three or more
 * triangles). `@cuspid/mesh` tallies the edges exactly as its `analyzeMesh` does (degenerate triangles left out),
 * so the counts match the figures the server checks scans with.
 */
export function findQualityEdges({
  positions,
  indices,
}: {
  positions: Float32Array;
  indices: Uint32Array;
}): QualityEdges {
  checkMeshArrays('mesh', positions, indices);
  const { a, b, uses } = tallyEdges({ positions, indices });
  // Two passes over the table: counting first sizes the arrays exactly, with no growing or copying.
  let boundaryCount = 0;
  let nonManifoldCount = 0;
  for (let s = 0; s < a.length; s++) {
    if (a[s] === -1) continue;
    if (uses[s] === 1) boundaryCount++;
    else if (uses[s]! > 2) nonManifoldCount++;
  }
  const boundary = new Float32Array(boundaryCount * 6);
  const nonManifold = new Float32Array(nonManifoldCount * 6);
  let atBoundary = 0;
  let atNonManifold = 0;
  for (let s = 0; s < a.length; s++) {
    const from = a[s]!;
    if (from === -1) continue;
    if (uses[s] === 1) {
      writeSegment(boundary, atBoundary, positions, from, b[s]!);
      atBoundary += 6;
    } else if (uses[s]! > 2) {
      writeSegment(nonManifold, atNonManifold, positions, from, b[s]!);
      atNonManifold += 6;
    }
  }
  return { boundary, nonManifold, boundaryCount, nonManifoldCount };
}
