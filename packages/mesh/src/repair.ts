import { classifyFaces } from './analyze';
import type { IndexedMesh } from './types';

export interface RepairResult {
  mesh: IndexedMesh;
  removed: { degenerateFaces: number; duplicateFaces: number; unreferencedVertices: number };
}

/**
 * Drops degenerate triangles (repeated vertex or zero area), duplicates of an earlier triangle and the vertices
 * no remaining triangle uses. Kept triangles keep their order; vertices are renumbered in order of first use.
 */
export function repairMesh(mesh: IndexedMesh): RepairResult {
  const { flags } = classifyFaces(mesh);
  const vertexCount = Math.floor(mesh.positions.length / 3);
  let degenerateFaces = 0;
  let duplicateFaces = 0;
  let kept = 0;
  for (let f = 0; f < flags.length; f++) {
    if (flags[f] === 1) degenerateFaces++;
    else if (flags[f] === 2) duplicateFaces++;
    else kept++;
  }
  const remap = new Int32Array(vertexCount).fill(-1);
  const indices = new Uint32Array(kept * 3);
  let used = 0;
  for (let f = 0, o = 0; f < flags.length; f++) {
    if (flags[f] !== 0) continue;
    for (let k = 0; k < 3; k++) {
      const v = mesh.indices[f * 3 + k]!;
      if (remap[v] === -1) remap[v] = used++;
      indices[o++] = remap[v]!;
    }
  }
  const positions = new Float32Array(used * 3);
  for (let v = 0; v < vertexCount; v++) {
    const r = remap[v]!;
    if (r < 0) continue;
    positions[r * 3] = mesh.positions[v * 3]!;
    positions[r * 3 + 1] = mesh.positions[v * 3 + 1]!;
    positions[r * 3 + 2] = mesh.positions[v * 3 + 2]!;
  }
  return {
    mesh: { positions, indices },
    removed: { degenerateFaces, duplicateFaces, unreferencedVertices: vertexCount - used },
  };
}
