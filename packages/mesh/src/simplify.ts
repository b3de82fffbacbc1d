import { MeshoptSimplifier } from 'meshoptimizer/simplifier';
import type { IndexedMesh } from './types';

export interface SimplifyOptions {
  /** Triangles wanted; the result has at most about this many (fewer when the mesh is already smaller). */
  targetTriangles: number;
  /** Largest deviation allowed, relative to the mesh's extent (default 1: no limit, reach the target). */
  targetError?: number;
  /** Keep the open rims (the base of a scan) exactly where they are. */
  lockBorder?: boolean;
}

export interface SimplifyResult {
  mesh: IndexedMesh;
  /** The deviation of the result, relative to the mesh's extent. */
  error: number;
}

/**
 * Reduces an indexed mesh to about `targetTriangles` triangles with meshoptimizer's edge-collapse simplifier
 * (WASM; works in Node and browsers). Unused vertices are dropped. A separate entry (`@cuspid/mesh/simplify`)
 * so that the main one never loads meshoptimizer.
 */
export async function simplifyMesh(mesh: IndexedMesh, options: SimplifyOptions): Promise<SimplifyResult> {
  await MeshoptSimplifier.ready;
  const target = Math.max(0, Math.floor(options.targetTriangles)) * 3;
  if (target >= mesh.indices.length) return { mesh, error: 0 };
  const [indices, error] = MeshoptSimplifier.simplify(
    mesh.indices,
    mesh.positions,
    3,
    target,
    options.targetError ?? 1,
    options.lockBorder ? ['LockBorder'] : [],
  );
  // Keep only the vertices still used, in order of first use.
  const vertexCount = Math.floor(mesh.positions.length / 3);
  const remap = new Int32Array(vertexCount).fill(-1);
  let used = 0;
  const outIndices = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!;
    if (remap[v] === -1) remap[v] = used++;
    outIndices[i] = remap[v]!;
  }
  const positions = new Float32Array(used * 3);
  for (let v = 0; v < vertexCount; v++) {
    const r = remap[v]!;
    if (r < 0) continue;
    positions[r * 3] = mesh.positions[v * 3]!;
    positions[r * 3 + 1] = mesh.positions[v * 3 + 1]!;
    positions[r * 3 + 2] = mesh.positions[v * 3 + 2]!;
  }
  return { mesh: { positions, indices: outIndices }, error };
}
