import { classifyFaces, type EdgeTable, edgeUses, FACE_DEGENERATE, tallyEdges } from './edges';
import type { IndexedMesh } from './types';

/** A loop of boundary edges: the rim of a hole, or a scan's border (the rim of its open base). */
export interface BoundaryLoop {
  /** Its vertices in order, each boundary edge going from one to the next as in its triangle's winding. */
  vertices: Uint32Array;
  /** Whether the walk came back to its start (a chain that stops at a non-manifold spot does not). */
  closed: boolean;
  /** Sum of its edges' lengths (mm for dental scans). */
  length: number;
}

/**
 * The boundary loops of a mesh: chains of edges used by one (non-degenerate) triangle, walked in the triangles'
 * winding. Where loops touch at a vertex, each outgoing edge is taken once, so every boundary edge is in exactly one
 * loop. Pass `flags` and `table` when they are at hand (`classifyFaces`, `tallyEdges`).
 */
export function boundaryLoops(
  mesh: IndexedMesh,
  flags: Uint8Array = classifyFaces(mesh).flags,
  table: EdgeTable = tallyEdges(mesh, flags),
): BoundaryLoop[] {
  const { indices, positions: p } = mesh;
  const faces = Math.floor(indices.length / 3);
  const from: number[] = [];
  const to: number[] = [];
  for (let f = 0; f < faces; f++) {
    if (flags[f] === FACE_DEGENERATE) continue;
    for (let k = 0; k < 3; k++) {
      const a = indices[f * 3 + k]!;
      const b = indices[f * 3 + (k === 2 ? 0 : k + 1)]!;
      if (a !== b && edgeUses(table, a, b) === 1) {
        from.push(a);
        to.push(b);
      }
    }
  }
  if (from.length === 0) return [];
  // Outgoing boundary edges per vertex (compressed rows).
  const vertexCount = Math.floor(p.length / 3);
  const start = new Uint32Array(vertexCount + 1);
  for (const a of from) start[a + 1]!++;
  for (let v = 0; v < vertexCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, vertexCount);
  const outgoing = new Uint32Array(from.length);
  for (let e = 0; e < from.length; e++) outgoing[fill[from[e]!]!++] = e;
  const used = new Uint8Array(from.length);
  const nextUnused = (v: number): number => {
    for (let i = start[v]!; i < start[v + 1]!; i++) if (!used[outgoing[i]!]) return outgoing[i]!;
    return -1;
  };
  const distance = (a: number, b: number) =>
    Math.hypot(p[a * 3]! - p[b * 3]!, p[a * 3 + 1]! - p[b * 3 + 1]!, p[a * 3 + 2]! - p[b * 3 + 2]!);

  const loops: BoundaryLoop[] = [];
  for (let first = 0; first < from.length; first++) {
    if (used[first]) continue;
    const origin = from[first]!;
    const vertices: number[] = [];
    let length = 0;
    let closed = false;
    for (let edge = first; edge !== -1; ) {
      used[edge] = 1;
      vertices.push(from[edge]!);
      length += distance(from[edge]!, to[edge]!);
      if (to[edge] === origin) {
        closed = true;
        break;
      }
      edge = nextUnused(to[edge]!);
    }
    loops.push({ vertices: Uint32Array.from(vertices), closed, length });
  }
  return loops;
}

/** The index of a mesh's border among its loops: the longest one; -1 when there is none. */
export function borderIndex(loops: readonly BoundaryLoop[]): number {
  let best = -1;
  for (let i = 0; i < loops.length; i++) if (best === -1 || loops[i]!.length > loops[best]!.length) best = i;
  return best;
}
