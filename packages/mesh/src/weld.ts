import type { IndexedMesh, TriangleSoup } from './types';

export interface WeldOptions {
  /**
   * Corners closer than this on every axis become one vertex (in the mesh's units, mm for scans). 0, the default,
   * merges only corners with exactly the same coordinates — what writers of STL files produce for shared corners.
   */
  tolerance?: number;
}

function nextPowerOfTwo(n: number): number {
  let p = 16;
  while (p < n) p *= 2;
  return p;
}

/** A 32-bit mix of three 32-bit integers (the coordinates' bits or their grid cell). */
function hash3(x: number, y: number, z: number): number {
  let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h;
}

/**
 * Merges the corners of a triangle soup into shared vertices with an open-addressing hash table over the
 * coordinates (their bit patterns for exact welding, their grid cell for a tolerance). Vertices keep the order
 * in which they first appear; triangles keep their order and winding.
 */
export function weldMesh(soup: TriangleSoup, options: WeldOptions = {}): IndexedMesh {
  const tolerance = options.tolerance ?? 0;
  if (tolerance > 0) return weldWithTolerance(soup.positions, tolerance);
  return weldExact(soup.positions);
}

function weldExact(positions: Float32Array): IndexedMesh {
  const corners = Math.floor(positions.length / 3);
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, corners * 3);
  const indices = new Uint32Array(corners);
  // Unique vertices' coordinate bits; a closed mesh has about one vertex per two triangles.
  const unique = new Uint32Array(corners * 3);
  let capacity = nextPowerOfTwo(Math.max(corners / 3, 1) * 1);
  let mask = capacity - 1;
  let table = new Int32Array(capacity).fill(-1);
  let count = 0;
  let limit = capacity >>> 1;

  for (let c = 0, p = 0; c < corners; c++, p += 3) {
    let x = bits[p]!;
    let y = bits[p + 1]!;
    let z = bits[p + 2]!;
    // -0 and +0 are the same coordinate.
    if (x === 0x80000000) x = 0;
    if (y === 0x80000000) y = 0;
    if (z === 0x80000000) z = 0;
    let slot = hash3(x, y, z) & mask;
    let id = table[slot]!;
    while (id !== -1) {
      const u = id * 3;
      if (unique[u] === x && unique[u + 1] === y && unique[u + 2] === z) break;
      slot = (slot + 1) & mask;
      id = table[slot]!;
    }
    if (id === -1) {
      id = count++;
      const u = id * 3;
      unique[u] = x;
      unique[u + 1] = y;
      unique[u + 2] = z;
      table[slot] = id;
      if (count > limit) {
        // Grow: re-insert every unique vertex into a table twice the size.
        capacity *= 2;
        mask = capacity - 1;
        limit = capacity >>> 1;
        table = new Int32Array(capacity).fill(-1);
        for (let v = 0; v < count; v++) {
          const w = v * 3;
          let s = hash3(unique[w]!, unique[w + 1]!, unique[w + 2]!) & mask;
          while (table[s] !== -1) s = (s + 1) & mask;
          table[s] = v;
        }
      }
    }
    indices[c] = id;
  }
  const out = new Float32Array(count * 3);
  new Uint32Array(out.buffer).set(unique.subarray(0, count * 3));
  return { positions: out, indices };
}

function weldWithTolerance(positions: Float32Array, tolerance: number): IndexedMesh {
  const corners = Math.floor(positions.length / 3);
  const cell = tolerance * 2;
  const indices = new Uint32Array(corners);
  const unique = new Float32Array(corners * 3);
  const cells = new Int32Array(corners * 3);
  let capacity = nextPowerOfTwo(Math.max(corners / 3, 1));
  let mask = capacity - 1;
  let table = new Int32Array(capacity).fill(-1);
  let count = 0;
  let limit = capacity >>> 1;

  for (let c = 0, p = 0; c < corners; c++, p += 3) {
    const x = positions[p]!;
    const y = positions[p + 1]!;
    const z = positions[p + 2]!;
    const fx = x / cell;
    const fy = y / cell;
    const fz = z / cell;
    const cx = Math.floor(fx);
    const cy = Math.floor(fy);
    const cz = Math.floor(fz);
    // A vertex within `tolerance` lies in this cell or in the neighbour on the nearer side of each axis.
    const dx = fx - cx < 0.5 ? -1 : 1;
    const dy = fy - cy < 0.5 ? -1 : 1;
    const dz = fz - cz < 0.5 ? -1 : 1;
    let found = -1;
    for (let k = 0; k < 8 && found < 0; k++) {
      const kx = (cx + (k & 1 ? dx : 0)) | 0;
      const ky = (cy + (k & 2 ? dy : 0)) | 0;
      const kz = (cz + (k & 4 ? dz : 0)) | 0;
      let slot = hash3(kx, ky, kz) & mask;
      let id = table[slot]!;
      while (id !== -1) {
        const u = id * 3;
        if (
          cells[u] === kx &&
          cells[u + 1] === ky &&
          cells[u + 2] === kz &&
          Math.abs(unique[u]! - x) <= tolerance &&
          Math.abs(unique[u + 1]! - y) <= tolerance &&
          Math.abs(unique[u + 2]! - z) <= tolerance
        ) {
          found = id;
          break;
        }
        slot = (slot + 1) & mask;
        id = table[slot]!;
      }
    }
    if (found < 0) {
      found = count++;
      const u = found * 3;
      unique[u] = x;
      unique[u + 1] = y;
      unique[u + 2] = z;
      cells[u] = cx | 0;
      cells[u + 1] = cy | 0;
      cells[u + 2] = cz | 0;
      if (count > limit) {
        capacity *= 2;
        mask = capacity - 1;
        limit = capacity >>> 1;
        table = new Int32Array(capacity).fill(-1);
        for (let v = 0; v < count - 1; v++) {
          const w = v * 3;
          let s = hash3(cells[w]!, cells[w + 1]!, cells[w + 2]!) & mask;
          while (table[s] !== -1) s = (s + 1) & mask;
          table[s] = v;
        }
      }
      let s = hash3(cx | 0, cy | 0, cz | 0) & mask;
      while (table[s] !== -1) s = (s + 1) & mask;
      table[s] = found;
    }
    indices[c] = found;
  }
  return { positions: unique.slice(0, count * 3), indices };
}
