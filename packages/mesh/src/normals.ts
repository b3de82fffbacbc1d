import type { IndexedMesh } from './types';

/**
 * Per-vertex normals: the sum of the normals of the triangles around a vertex, each weighted by its area (the
 * unnormalised cross product), then normalised. Vertices of no or only zero-area triangles get (0, 0, 0).
 */
export function computeVertexNormals(mesh: IndexedMesh): Float32Array {
  const { positions: p, indices } = mesh;
  const normals = new Float32Array(p.length);
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    const ax = p[a]!;
    const ay = p[a + 1]!;
    const az = p[a + 2]!;
    const e1x = p[b]! - ax;
    const e1y = p[b + 1]! - ay;
    const e1z = p[b + 2]! - az;
    const e2x = p[c]! - ax;
    const e2y = p[c + 1]! - ay;
    const e2z = p[c + 2]! - az;
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    normals[a] = normals[a]! + nx;
    normals[a + 1] = normals[a + 1]! + ny;
    normals[a + 2] = normals[a + 2]! + nz;
    normals[b] = normals[b]! + nx;
    normals[b + 1] = normals[b + 1]! + ny;
    normals[b + 2] = normals[b + 2]! + nz;
    normals[c] = normals[c]! + nx;
    normals[c + 1] = normals[c + 1]! + ny;
    normals[c + 2] = normals[c + 2]! + nz;
  }
  for (let v = 0; v < normals.length; v += 3) {
    const x = normals[v]!;
    const y = normals[v + 1]!;
    const z = normals[v + 2]!;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0) {
      normals[v] = x / length;
      normals[v + 1] = y / length;
      normals[v + 2] = z / length;
    }
  }
  return normals;
}
