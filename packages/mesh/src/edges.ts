import type { IndexedMesh } from './types';

/**
 * Faces and edges of an indexed mesh: which faces are degenerate or duplicates, and how often each undirected edge
 * is used. Shared by the report (analyze.ts) and the boundary loops (boundary.ts), so neither imports the other.
 */
export const FACE_DEGENERATE = 1;
export const FACE_DUPLICATE = 2;

function nextPowerOfTwo(n: number): number {
  let p = 16;
  while (p < n) p *= 2;
  return p;
}

/**
 * Flags each triangle: FACE_DEGENERATE (repeated vertex, or area below 1e-10 of its longest edge squared) or
 * FACE_DUPLICATE (same vertex set as an earlier non-degenerate triangle). Also returns the total area.
 */
export function classifyFaces(mesh: IndexedMesh): { flags: Uint8Array; area: number } {
  const { positions: p, indices } = mesh;
  const faces = Math.floor(indices.length / 3);
  const flags = new Uint8Array(faces);
  const sorted = new Uint32Array(faces * 3);
  const mask = nextPowerOfTwo(faces * 2) - 1;
  const table = new Int32Array(mask + 1).fill(-1);
  let area = 0;
  for (let f = 0; f < faces; f++) {
    let i0 = indices[f * 3]!;
    let i1 = indices[f * 3 + 1]!;
    let i2 = indices[f * 3 + 2]!;
    const a = i0 * 3;
    const b = i1 * 3;
    const c = i2 * 3;
    const e1x = p[b]! - p[a]!;
    const e1y = p[b + 1]! - p[a + 1]!;
    const e1z = p[b + 2]! - p[a + 2]!;
    const e2x = p[c]! - p[a]!;
    const e2y = p[c + 1]! - p[a + 1]!;
    const e2z = p[c + 2]! - p[a + 2]!;
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    const twice = Math.sqrt(nx * nx + ny * ny + nz * nz);
    area += twice / 2;
    const e3x = e2x - e1x;
    const e3y = e2y - e1y;
    const e3z = e2z - e1z;
    const longest = Math.max(
      e1x * e1x + e1y * e1y + e1z * e1z,
      e2x * e2x + e2y * e2y + e2z * e2z,
      e3x * e3x + e3y * e3y + e3z * e3z,
    );
    if (i0 === i1 || i1 === i2 || i0 === i2 || twice <= 1e-10 * longest || longest === 0) {
      flags[f] = FACE_DEGENERATE;
      continue;
    }
    // Sort the three indices: the same triangle in any order or winding has the same key.
    if (i0 > i1) [i0, i1] = [i1, i0];
    if (i1 > i2) [i1, i2] = [i2, i1];
    if (i0 > i1) [i0, i1] = [i1, i0];
    sorted[f * 3] = i0;
    sorted[f * 3 + 1] = i1;
    sorted[f * 3 + 2] = i2;
    let h = Math.imul(i0, 0x9e3779b1) ^ Math.imul(i1, 0x85ebca77) ^ Math.imul(i2, 0xc2b2ae3d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    let slot = h & mask;
    for (;;) {
      const other = table[slot]!;
      if (other === -1) {
        table[slot] = f;
        break;
      }
      const o = other * 3;
      if (sorted[o] === i0 && sorted[o + 1] === i1 && sorted[o + 2] === i2) {
        flags[f] = FACE_DUPLICATE;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return { flags, area };
}

/**
 * How many triangles use each edge of a mesh, as an open-addressing table keyed by the sorted vertex pair:
 * slot `s` holds the edge from vertex `a[s]` to `b[s]` (a < b), used by `uses[s]` triangles; `a[s] === -1`
 * marks an empty slot. An edge used once lies on a boundary (a hole's rim), more than twice is non-manifold.
 */
export type EdgeTable = { a: Int32Array; b: Int32Array; uses: Uint32Array };

function edgeHash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h;
}

/** How many triangles use the edge between vertices `a` and `b` (either order), from `tallyEdges`. */
export function edgeUses(table: EdgeTable, a: number, b: number): number {
  if (a > b) [a, b] = [b, a];
  const mask = table.a.length - 1;
  for (let slot = edgeHash(a, b) & mask; ; slot = (slot + 1) & mask) {
    const current = table.a[slot]!;
    if (current === -1) return 0;
    if (current === a && table.b[slot] === b) return table.uses[slot]!;
  }
}

/**
 * Tallies the edges of a mesh's triangles, the way `analyzeMesh` counts boundary and non-manifold edges.
 * Degenerate triangles (see `classifyFaces`) are left out: they add no surface. Pass `flags` when the faces
 * are classified already.
 */
export function tallyEdges(mesh: IndexedMesh, flags: Uint8Array = classifyFaces(mesh).flags): EdgeTable {
  const { indices } = mesh;
  const faces = Math.floor(indices.length / 3);
  const mask = nextPowerOfTwo(faces * 4) - 1;
  const edgeA = new Int32Array(mask + 1).fill(-1);
  const edgeB = new Int32Array(mask + 1);
  const uses = new Uint32Array(mask + 1);
  for (let t = 0; t < faces * 3; t += 3) {
    if (flags[t / 3] === FACE_DEGENERATE) continue;
    for (let k = 0; k < 3; k++) {
      let a = indices[t + k]!;
      let b = indices[t + (k === 2 ? 0 : k + 1)]!;
      if (a === b) continue;
      if (a > b) [a, b] = [b, a];
      let slot = edgeHash(a, b) & mask;
      for (;;) {
        const current = edgeA[slot]!;
        if (current === -1) {
          edgeA[slot] = a;
          edgeB[slot] = b;
          uses[slot] = 1;
          break;
        }
        if (current === a && edgeB[slot] === b) {
          uses[slot]!++;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
  }
  return { a: edgeA, b: edgeB, uses };
}

/** Counts boundary and non-manifold edges (from `tallyEdges`). */
