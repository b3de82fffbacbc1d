// Reference readings of the same bytes by three.js's loaders (tests and benchmark only).
import type { BufferGeometry, Mesh } from 'three';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function positionsOf(geometry: BufferGeometry): Float32Array {
  const flat = geometry.index ? geometry.toNonIndexed() : geometry;
  return Float32Array.from(flat.getAttribute('position').array as ArrayLike<number>);
}

/** Non-indexed positions as three.js reads the file (all meshes of an OBJ, in order). */
export function threePositions(format: 'stl' | 'ply' | 'obj', bytes: Uint8Array): Float32Array {
  if (format === 'stl') return positionsOf(new STLLoader().parse(arrayBufferOf(bytes)));
  if (format === 'ply') return positionsOf(new PLYLoader().parse(arrayBufferOf(bytes)));
  const group = new OBJLoader().parse(new TextDecoder().decode(bytes));
  const parts: Float32Array[] = [];
  group.traverse((object) => {
    if ((object as Mesh).isMesh) parts.push(positionsOf((object as Mesh).geometry));
  });
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
