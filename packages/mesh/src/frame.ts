// The anatomical frame of a jaw scan: which way its teeth point and where its front is, whatever the scanner's
// axes (3Shape exports y up, others z up). Runs on the vertices and the open base's rim only: no Node module.
import { type IndexedMesh, isIndexedMesh, type TriangleSoup, type Vec3 } from './types';
import { weldMesh } from './weld';

export type JawKind = 'upper' | 'lower';

/**
 * A jaw's anatomical frame in the scan's coordinates: three orthonormal unit vectors and a centre.
 * `occlusal` points from the open base to the crowns (up in the patient for a lower jaw, down for an upper one),
 * `anterior` to the front teeth, `right` to the patient's right. `matrix` (row-major 3×3, a rotation) turns a
 * scan vector into the anatomical one: x the patient's right, y anterior, z superior (the lower jaw's crowns
 * point to +z, the upper jaw's to −z): the viewer's frame.
 */
export interface JawFrame {
  occlusal: Vec3;
  anterior: Vec3;
  right: Vec3;
  /** Centre of the arch's box in the frame, in the scan's coordinates. */
  center: Vec3;
  matrix: Matrix3;
  /**
   * 0…1: how sure the detection is (the flatness of the arch, the base's rim opposite the crowns, a clear U).
   * Below about 0.3 the user should check it.
   */
  confidence: number;
}

/** Row-major 3×3 matrix. */
export type Matrix3 = [number, number, number, number, number, number, number, number, number];

export interface JawFrameOptions {
  /** The jaw of the scan (known from its role): sets which way `right` and `matrix` turn. Default 'lower'. */
  jaw?: JawKind;
  /** At most this many vertices are looked at (evenly strided); default 60,000. */
  maxSamples?: number;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
function normalize(a: Vec3): Vec3 {
  const length = Math.hypot(a[0], a[1], a[2]);
  return length > 0 ? scale(a, 1 / length) : [0, 0, 1];
}

/** Eigenvectors of a symmetric 3×3 matrix (Jacobi), sorted by eigenvalue, largest first. */
export function symmetricEigen(m: Matrix3): { values: Vec3; vectors: [Vec3, Vec3, Vec3] } {
  const a = [
    [m[0], m[1], m[2]],
    [m[3], m[4], m[5]],
    [m[6], m[7], m[8]],
  ];
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[0]![1]! ** 2 + a[0]![2]! ** 2 + a[1]![2]! ** 2;
    if (off < 1e-22 * (a[0]![0]! ** 2 + a[1]![1]! ** 2 + a[2]![2]! ** 2 + 1e-300)) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = a[p]![q]!;
      if (Math.abs(apq) < 1e-300) continue;
      const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[k]![p]!;
        const akq = a[k]![q]!;
        a[k]![p] = c * akp - s * akq;
        a[k]![q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p]![k]!;
        const aqk = a[q]![k]!;
        a[p]![k] = c * apk - s * aqk;
        a[q]![k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k]![p]!;
        const vkq = v[k]![q]!;
        v[k]![p] = c * vkp - s * vkq;
        v[k]![q] = s * vkp + c * vkq;
      }
    }
  }
  const order = [0, 1, 2].sort((i, j) => a[j]![j]! - a[i]![i]!);
  const values = order.map((i) => a[i]![i]!) as Vec3;
  const vectors = order.map((i) => normalize([v[0]![i]!, v[1]![i]!, v[2]![i]!])) as [Vec3, Vec3, Vec3];
  return { values, vectors };
}

/**
 * The vertices on the mesh's largest boundary loop (edges used by one triangle, grouped by shared vertices): a
 * scan's open base. Empty for a closed mesh.
 */
export function largestBoundaryLoop(mesh: IndexedMesh): Uint32Array {
  const { indices } = mesh;
  const vertexCount = Math.floor(mesh.positions.length / 3);
  // Edge uses in a hash table keyed by the sorted pair.
  const faces = Math.floor(indices.length / 3);
  let size = 16;
  while (size < faces * 4) size *= 2;
  const mask = size - 1;
  const edgeA = new Int32Array(size).fill(-1);
  const edgeB = new Int32Array(size);
  const uses = new Uint32Array(size);
  for (let t = 0; t < faces * 3; t += 3) {
    for (let k = 0; k < 3; k++) {
      let a = indices[t + k]!;
      let b = indices[t + (k === 2 ? 0 : k + 1)]!;
      if (a === b) continue;
      if (a > b) [a, b] = [b, a];
      let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77);
      h ^= h >>> 15;
      h = Math.imul(h, 0x2c1b3c6d);
      let slot = (h ^ (h >>> 12)) & mask;
      for (;;) {
        if (edgeA[slot] === -1) {
          edgeA[slot] = a;
          edgeB[slot] = b;
          uses[slot] = 1;
          break;
        }
        if (edgeA[slot] === a && edgeB[slot] === b) {
          uses[slot]!++;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
  }
  const parent = new Int32Array(vertexCount).fill(-1);
  const find = (v: number): number => {
    let root = v;
    while (parent[root]! >= 0) root = parent[root]!;
    while (parent[v]! >= 0) {
      const next = parent[v]!;
      parent[v] = root;
      v = next;
    }
    return root;
  };
  const onBoundary = new Uint8Array(vertexCount);
  for (let s = 0; s < size; s++) {
    if (edgeA[s] === -1 || uses[s] !== 1) continue;
    const a = edgeA[s]!;
    const b = edgeB[s]!;
    onBoundary[a] = 1;
    onBoundary[b] = 1;
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[ra] = rb;
  }
  const counts = new Uint32Array(vertexCount);
  let best = -1;
  let bestCount = 0;
  for (let v = 0; v < vertexCount; v++) {
    if (!onBoundary[v]) continue;
    const root = find(v);
    const count = ++counts[root]!;
    if (count > bestCount) {
      bestCount = count;
      best = root;
    }
  }
  const loop = new Uint32Array(bestCount);
  let n = 0;
  for (let v = 0; v < vertexCount && n < bestCount; v++) if (onBoundary[v] && find(v) === best) loop[n++] = v;
  return loop;
}

/** Turns a scan vector into the frame's anatomical coordinates (x right, y anterior, z superior). */
export function applyMatrix(m: Matrix3, v: Vec3): Vec3 {
  return [
    m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
    m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
    m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
  ];
}

/** The frame's matrix from its axes: rows right, anterior, superior (occlusal for a lower jaw, −occlusal upper). */
export function frameMatrix(right: Vec3, anterior: Vec3, occlusal: Vec3, jaw: JawKind): Matrix3 {
  const up = jaw === 'upper' ? scale(occlusal, -1) : occlusal;
  return [...right, ...anterior, ...up] as Matrix3;
}

/**
 * Finds a jaw scan's anatomical frame. The occlusal axis is the smallest principal axis of the vertices (an
 * arch is wide and deep but flat); it points away from the open base's rim (the largest boundary loop), or,
 * for a closed mesh, towards the thinner side (the crowns, away from the broad base). The front is found from the
 * U of the arch: in the occlusal plane, the strip along its axis of symmetry holds scan only at the front, where
 * the U is closed (the two back ends leave the middle empty).
 */
export function findJawFrame(input: IndexedMesh | TriangleSoup, options: JawFrameOptions = {}): JawFrame {
  const jaw = options.jaw ?? 'lower';
  const mesh = isIndexedMesh(input) ? input : weldMesh(input);
  const { positions } = mesh;
  const vertexCount = Math.floor(positions.length / 3);
  if (vertexCount < 3) {
    return {
      occlusal: [0, 0, 1],
      anterior: [0, 1, 0],
      right: jaw === 'upper' ? [-1, 0, 0] : [1, 0, 0],
      center: [0, 0, 0],
      matrix: frameMatrix(jaw === 'upper' ? [-1, 0, 0] : [1, 0, 0], [0, 1, 0], [0, 0, 1], jaw),
      confidence: 0,
    };
  }
  const stride = Math.max(1, Math.floor(vertexCount / (options.maxSamples ?? 60_000)));

  // Principal axes of the (sampled) vertices.
  let n = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let v = 0; v < vertexCount; v += stride, n++) {
    mx += positions[v * 3]!;
    my += positions[v * 3 + 1]!;
    mz += positions[v * 3 + 2]!;
  }
  const mean: Vec3 = [mx / n, my / n, mz / n];
  const c = new Float64Array(6);
  for (let v = 0; v < vertexCount; v += stride) {
    const x = positions[v * 3]! - mean[0];
    const y = positions[v * 3 + 1]! - mean[1];
    const z = positions[v * 3 + 2]! - mean[2];
    c[0]! += x * x;
    c[1]! += x * y;
    c[2]! += x * z;
    c[3]! += y * y;
    c[4]! += y * z;
    c[5]! += z * z;
  }
  const { values, vectors } = symmetricEigen([c[0]!, c[1]!, c[2]!, c[1]!, c[3]!, c[4]!, c[2]!, c[4]!, c[5]!]);
  let occlusal = vectors[2];
  const flatness = values[1] > 0 ? Math.max(0, 1 - values[2] / values[1]) : 0;

  // Which way: away from the open base's rim.
  const loop = largestBoundaryLoop(mesh);
  let signCertainty: number;
  if (loop.length >= 3) {
    let lx = 0;
    let ly = 0;
    let lz = 0;
    for (const v of loop) {
      lx += positions[v * 3]!;
      ly += positions[v * 3 + 1]!;
      lz += positions[v * 3 + 2]!;
    }
    const rim: Vec3 = [lx / loop.length, ly / loop.length, lz / loop.length];
    const along = dot(sub(mean, rim), occlusal);
    if (along < 0) occlusal = scale(occlusal, -1);
    signCertainty = Math.min(1, Math.abs(along) / Math.sqrt(Math.max(values[2] / n, 1e-12)));
  } else {
    // Closed: the crowns are the thin, far side; the base is broad and near the mean (third moment).
    let third = 0;
    for (let v = 0; v < vertexCount; v += stride) {
      const d =
        (positions[v * 3]! - mean[0]) * occlusal[0] +
        (positions[v * 3 + 1]! - mean[1]) * occlusal[1] +
        (positions[v * 3 + 2]! - mean[2]) * occlusal[2];
      third += d * d * d;
    }
    const skew = third / n / Math.max(values[2] / n, 1e-12) ** 1.5;
    if (skew < 0) occlusal = scale(occlusal, -1);
    signCertainty = Math.min(1, Math.abs(skew)) * 0.5;
  }

  // The front: which in-plane axis the U is symmetric about, and at which end it is closed.
  const axes = [vectors[0], vectors[1]] as const;
  const coords = [new Float64Array(n), new Float64Array(n)];
  const lo = [Infinity, Infinity];
  const hi = [-Infinity, -Infinity];
  for (let v = 0, i = 0; v < vertexCount; v += stride, i++) {
    const p: Vec3 = [positions[v * 3]! - mean[0], positions[v * 3 + 1]! - mean[1], positions[v * 3 + 2]! - mean[2]];
    for (let k = 0; k < 2; k++) {
      const value = dot(p, axes[k]!);
      coords[k]![i] = value;
      if (value < lo[k]!) lo[k] = value;
      if (value > hi[k]!) hi[k] = value;
    }
  }
  let best = { score: 0, axis: 0, sign: 1 };
  for (let k = 0; k < 2; k++) {
    const other = 1 - k;
    const mid = (lo[other]! + hi[other]!) / 2;
    const halfWidth = (hi[other]! - lo[other]!) / 2;
    const centre = (lo[k]! + hi[k]!) / 2;
    const half = (hi[k]! - lo[k]!) / 2 || 1;
    let sum = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (Math.abs(coords[other]![i]! - mid) > 0.12 * halfWidth) continue;
      sum += (coords[k]![i]! - centre) / half;
      count++;
    }
    const score = count > 0 ? sum / count : 0;
    if (Math.abs(score) > Math.abs(best.score)) best = { score, axis: k, sign: score >= 0 ? 1 : -1 };
  }
  let anterior = scale(axes[best.axis]!, best.sign);
  anterior = normalize(sub(anterior, scale(occlusal, dot(anterior, occlusal))));
  const right = jaw === 'upper' ? cross(occlusal, anterior) : cross(anterior, occlusal);
  const matrix = frameMatrix(right, anterior, occlusal, jaw);

  // Centre of the box in the frame.
  const boxLo: Vec3 = [Infinity, Infinity, Infinity];
  const boxHi: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < vertexCount; v += stride) {
    const p = applyMatrix(matrix, [positions[v * 3]!, positions[v * 3 + 1]!, positions[v * 3 + 2]!]);
    for (let k = 0; k < 3; k++) {
      if (p[k]! < boxLo[k]!) boxLo[k] = p[k]!;
      if (p[k]! > boxHi[k]!) boxHi[k] = p[k]!;
    }
  }
  const local: Vec3 = [(boxLo[0] + boxHi[0]) / 2, (boxLo[1] + boxHi[1]) / 2, (boxLo[2] + boxHi[2]) / 2];
  // The matrix is a rotation: its transpose turns back.
  const center: Vec3 = [
    matrix[0] * local[0] + matrix[3] * local[1] + matrix[6] * local[2],
    matrix[1] * local[0] + matrix[4] * local[1] + matrix[7] * local[2],
    matrix[2] * local[0] + matrix[5] * local[1] + matrix[8] * local[2],
  ];
  const symmetry = Math.min(1, Math.abs(best.score) / 0.5);
  const confidence = Math.max(0, Math.min(1, Math.min(flatness * 2, signCertainty, symmetry)));
  return { occlusal, anterior, right, center, matrix, confidence };
}

/**
 * The 24 rotations that turn the axes onto the axes (a cube's), row-major with entries −1, 0, 1; code 0 is the
 * identity. A user's correction of a detected frame is one of them, applied after it (in the anatomical frame).
 */
export const AXIS_ROTATIONS: readonly Matrix3[] = (() => {
  const out: Matrix3[] = [];
  const perms = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  for (const perm of perms) {
    for (let signs = 0; signs < 8; signs++) {
      const m = new Array<number>(9).fill(0);
      for (let row = 0; row < 3; row++) m[row * 3 + perm[row]!] = signs & (1 << row) ? -1 : 1;
      const det =
        m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
        m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
        m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
      if (det === 1) out.push(m.map((x) => x + 0) as Matrix3);
    }
  }
  return out;
})();

export function multiplyMatrices(a: Matrix3, b: Matrix3): Matrix3 {
  const out = new Array<number>(9) as Matrix3;
  for (let r = 0; r < 3; r++) {
    for (let col = 0; col < 3; col++) {
      out[r * 3 + col] = a[r * 3]! * b[col]! + a[r * 3 + 1]! * b[3 + col]! + a[r * 3 + 2]! * b[6 + col]! + 0;
    }
  }
  return out;
}

/** The code (0…23) of an axis rotation matrix, or −1 when it is none. */
export function axisRotationCode(m: Matrix3): number {
  return AXIS_ROTATIONS.findIndex((r) => r.every((value, i) => Math.round(m[i]!) === value));
}

/** Quarter turns about the anatomical axes and the flip (half a turn about the anterior axis: upside down). */
export type OrientationStep = '+x' | '-x' | '+y' | '-y' | '+z' | '-z' | 'flip';

const QUARTER: Record<OrientationStep, Matrix3> = {
  '+x': [1, 0, 0, 0, 0, -1, 0, 1, 0],
  '-x': [1, 0, 0, 0, 0, 1, 0, -1, 0],
  '+y': [0, 0, 1, 0, 1, 0, -1, 0, 0],
  '-y': [0, 0, -1, 0, 1, 0, 1, 0, 0],
  '+z': [0, -1, 0, 1, 0, 0, 0, 0, 1],
  '-z': [0, 1, 0, -1, 0, 0, 0, 0, 1],
  flip: [-1, 0, 0, 0, 1, 0, 0, 0, -1],
};

/** A correction (code) turned one more step: the step applied after it. */
export function turnOrientation(code: number, step: OrientationStep): number {
  const current = AXIS_ROTATIONS[code] ?? AXIS_ROTATIONS[0]!;
  return axisRotationCode(multiplyMatrices(QUARTER[step], current));
}

/** Scan → shown: the user's correction (code) after the detected frame's matrix. */
export function orientedMatrix(frame: Pick<JawFrame, 'matrix'>, code: number): Matrix3 {
  return multiplyMatrices(AXIS_ROTATIONS[code] ?? AXIS_ROTATIONS[0]!, frame.matrix);
}
