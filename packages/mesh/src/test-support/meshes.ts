// Small known meshes for the analysis tests.
import type { IndexedMesh } from '../types';

/** Axis-aligned cube from `origin` with side `s`: 8 vertices, 12 outward triangles. */
export function cube(s = 1, origin: [number, number, number] = [0, 0, 0]): IndexedMesh {
  const [ox, oy, oz] = origin;
  const positions = new Float32Array(24);
  for (let i = 0; i < 8; i++) {
    positions[i * 3] = ox + (i & 1 ? s : 0);
    positions[i * 3 + 1] = oy + (i & 2 ? s : 0);
    positions[i * 3 + 2] = oz + (i & 4 ? s : 0);
  }
  // Faces as quads (outward winding), split in two triangles each.
  const quads = [
    [0, 2, 3, 1], // z = 0
    [4, 5, 7, 6], // z = s
    [0, 1, 5, 4], // y = 0
    [2, 6, 7, 3], // y = s
    [0, 4, 6, 2], // x = 0
    [1, 3, 7, 5], // x = s
  ];
  const indices = new Uint32Array(quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]));
  return { positions, indices };
}

/** Concatenates meshes (vertices not shared). */
export function merge(...meshes: IndexedMesh[]): IndexedMesh {
  const positions = new Float32Array(meshes.reduce((n, m) => n + m.positions.length, 0));
  const indices = new Uint32Array(meshes.reduce((n, m) => n + m.indices.length, 0));
  let p = 0;
  let i = 0;
  for (const m of meshes) {
    positions.set(m.positions, p);
    for (let k = 0; k < m.indices.length; k++) indices[i + k] = m.indices[k]! + p / 3;
    p += m.positions.length;
    i += m.indices.length;
  }
  return { positions, indices };
}

export function withFaces(mesh: IndexedMesh, extra: number[], extraPositions: number[] = []): IndexedMesh {
  const positions = new Float32Array([...mesh.positions, ...extraPositions]);
  return { positions, indices: new Uint32Array([...mesh.indices, ...extra]) };
}
