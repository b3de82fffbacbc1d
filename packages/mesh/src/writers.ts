import { type IndexedMesh, isIndexedMesh, type TriangleSoup, toTriangleSoup } from './types';

type MeshInput = Float32Array | TriangleSoup | IndexedMesh;

function soupOf(input: MeshInput): Float32Array {
  return input instanceof Float32Array ? input : toTriangleSoup(input);
}

function indexedOf(input: MeshInput): IndexedMesh {
  if (!(input instanceof Float32Array) && isIndexedMesh(input)) return input;
  const positions = soupOf(input);
  const indices = new Uint32Array(Math.floor(positions.length / 3));
  for (let i = 0; i < indices.length; i++) indices[i] = i;
  return { positions, indices };
}

/** Unit normal of the triangle at `o` of a soup (0, 0, 0 for a degenerate one). */
function faceNormal(p: Float32Array, o: number): [number, number, number] {
  const e1x = p[o + 3]! - p[o]!;
  const e1y = p[o + 4]! - p[o + 1]!;
  const e1z = p[o + 5]! - p[o + 2]!;
  const e2x = p[o + 6]! - p[o]!;
  const e2y = p[o + 7]! - p[o + 1]!;
  const e2z = p[o + 8]! - p[o + 2]!;
  const nx = e1y * e2z - e1z * e2y;
  const ny = e1z * e2x - e1x * e2z;
  const nz = e1x * e2y - e1y * e2x;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  return length > 0 ? [nx / length, ny / length, nz / length] : [0, 0, 0];
}

export interface BinaryStlOptions {
  /** Up to 80 ASCII characters; by default "Cuspid binary STL" (never "solid", so no reader mistakes it for text). */
  header?: string;
}

/** Binary STL (little-endian) with computed facet normals. Accepts a soup, its positions or an indexed mesh. */
export function writeBinaryStl(input: MeshInput, options: BinaryStlOptions = {}): Uint8Array {
  const p = soupOf(input);
  const count = Math.floor(p.length / 9);
  const bytes = new Uint8Array(84 + count * 50);
  const header = (options.header ?? 'Cuspid binary STL').slice(0, 80);
  for (let i = 0; i < header.length; i++) bytes[i] = header.charCodeAt(i) & 0x7f;
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0, o = 84; t < count; t++) {
    const n = faceNormal(p, t * 9);
    view.setFloat32(o, n[0], true);
    view.setFloat32(o + 4, n[1], true);
    view.setFloat32(o + 8, n[2], true);
    o += 12;
    for (let k = 0; k < 9; k++, o += 4) view.setFloat32(o, p[t * 9 + k]!, true);
    o += 2; // attribute byte count
  }
  return bytes;
}

const encoder = new TextEncoder();

/** Short text that reads back as the same float32 value: 9 significant digits suffice for any float32. */
function num(value: number): string {
  return String(Number(value.toPrecision(9)));
}

/** ASCII STL of one solid named `name` (default "cuspid"). */
export function writeAsciiStl(input: MeshInput, options: { name?: string } = {}): Uint8Array {
  const p = soupOf(input);
  const name = options.name ?? 'cuspid';
  const parts: string[] = [`solid ${name}\n`];
  for (let o = 0; o + 8 < p.length; o += 9) {
    const n = faceNormal(p, o);
    parts.push(
      `  facet normal ${num(n[0])} ${num(n[1])} ${num(n[2])}\n    outer loop\n`,
      `      vertex ${num(p[o]!)} ${num(p[o + 1]!)} ${num(p[o + 2]!)}\n`,
      `      vertex ${num(p[o + 3]!)} ${num(p[o + 4]!)} ${num(p[o + 5]!)}\n`,
      `      vertex ${num(p[o + 6]!)} ${num(p[o + 7]!)} ${num(p[o + 8]!)}\n`,
      '    endloop\n  endfacet\n',
    );
  }
  parts.push(`endsolid ${name}\n`);
  return encoder.encode(parts.join(''));
}

export interface PlyOptions {
  /** binary_little_endian (or big with `bigEndian`) instead of ascii. */
  binary?: boolean;
  bigEndian?: boolean;
}

/** PLY with `float x, y, z` vertices and `list uchar int vertex_indices` faces. */
export function writePly(input: MeshInput, options: PlyOptions = {}): Uint8Array {
  const { positions, indices } = indexedOf(input);
  const vertexCount = Math.floor(positions.length / 3);
  const faceCount = Math.floor(indices.length / 3);
  const format = !options.binary ? 'ascii' : options.bigEndian ? 'binary_big_endian' : 'binary_little_endian';
  const header = encoder.encode(
    `ply\nformat ${format} 1.0\ncomment written by Cuspid\nelement vertex ${vertexCount}\n` +
      'property float x\nproperty float y\nproperty float z\n' +
      `element face ${faceCount}\nproperty list uchar int vertex_indices\nend_header\n`,
  );
  if (!options.binary) {
    const lines: string[] = [];
    for (let v = 0; v < vertexCount; v++) {
      lines.push(`${num(positions[v * 3]!)} ${num(positions[v * 3 + 1]!)} ${num(positions[v * 3 + 2]!)}\n`);
    }
    for (let f = 0; f < faceCount; f++) {
      lines.push(`3 ${indices[f * 3]} ${indices[f * 3 + 1]} ${indices[f * 3 + 2]}\n`);
    }
    const body = encoder.encode(lines.join(''));
    const out = new Uint8Array(header.length + body.length);
    out.set(header);
    out.set(body, header.length);
    return out;
  }
  const le = !options.bigEndian;
  const out = new Uint8Array(header.length + vertexCount * 12 + faceCount * 13);
  out.set(header);
  const view = new DataView(out.buffer);
  let o = header.length;
  for (let i = 0; i < vertexCount * 3; i++, o += 4) view.setFloat32(o, positions[i]!, le);
  for (let f = 0; f < faceCount; f++) {
    view.setUint8(o++, 3);
    for (let k = 0; k < 3; k++, o += 4) view.setInt32(o, indices[f * 3 + k]!, le);
  }
  return out;
}

/** OBJ with `v` and `f` lines (1-based indices). */
export function writeObj(input: MeshInput): Uint8Array {
  const { positions, indices } = indexedOf(input);
  const lines: string[] = ['# written by Cuspid\n'];
  for (let v = 0; v + 2 < positions.length; v += 3) {
    lines.push(`v ${num(positions[v]!)} ${num(positions[v + 1]!)} ${num(positions[v + 2]!)}\n`);
  }
  for (let f = 0; f + 2 < indices.length; f += 3) {
    lines.push(`f ${indices[f]! + 1} ${indices[f + 1]! + 1} ${indices[f + 2]! + 1}\n`);
  }
  return encoder.encode(lines.join(''));
}
