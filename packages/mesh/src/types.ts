export type MeshFormat = 'stl-binary' | 'stl-ascii' | 'ply' | 'obj';

/** Non-indexed triangles ("triangle soup"): 9 floats per triangle (x, y, z of its three corners), like three.js. */
export interface TriangleSoup {
  positions: Float32Array;
}

/** Shared vertices: 3 floats per vertex, 3 indices per triangle. */
export interface IndexedMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

export type Vec3 = [number, number, number];

export function isIndexedMesh(mesh: TriangleSoup | IndexedMesh): mesh is IndexedMesh {
  return (mesh as Partial<IndexedMesh>).indices instanceof Uint32Array;
}

/** Expands an indexed mesh into a triangle soup (or returns the soup's own positions). */
export function toTriangleSoup(mesh: TriangleSoup | IndexedMesh): Float32Array {
  if (!isIndexedMesh(mesh)) return mesh.positions;
  const { positions, indices } = mesh;
  const out = new Float32Array(indices.length * 3);
  for (let i = 0, o = 0; i < indices.length; i++, o += 3) {
    const v = indices[i]! * 3;
    out[o] = positions[v]!;
    out[o + 1] = positions[v + 1]!;
    out[o + 2] = positions[v + 2]!;
  }
  return out;
}
