import { classifyFaces } from './analyze';
import { type BoundaryLoop, borderIndex, boundaryLoops } from './boundary';
import type { IndexedMesh } from './types';

/**
 * The largest hole the repair fills, in edges of its rim. A scan's small holes (a spot the scanner missed between
 * teeth, at a contact point or under a bracket) have rims of a few to a few dozen edges at the 0.1–0.3 mm spacing of
 * intraoral scanners; 100 edges is a rim of some 10–30 mm, a hole of about 3–10 mm across. A larger gap is missing
 * anatomy: a flat fill would invent a surface there, so it is left open (and reported) for a rescan to close.
 */
export const MAX_FILLED_HOLE_EDGES = 100;

export interface RepairOptions {
  /** Largest hole filled, in edges of its rim (default MAX_FILLED_HOLE_EDGES); 0 fills none. */
  maxHoleEdges?: number;
}

export interface RepairResult {
  mesh: IndexedMesh;
  removed: { degenerateFaces: number; duplicateFaces: number; unreferencedVertices: number };
  /**
   * The holes (boundary loops other than the border, the longest one): `filled` closed with new triangles,
   * `tooLarge` left open (rim over the limit), `irregular` left open (a rim that touches itself or stops at a
   * non-manifold spot).
   */
  holes: { filled: number; tooLarge: number; irregular: number; addedTriangles: number; maxHoleEdges: number };
}

/** Whether a loop visits each of its vertices once and comes back to its start: the rim of a disc-like hole. */
function isSimple(loop: BoundaryLoop): boolean {
  if (!loop.closed || loop.vertices.length < 3) return false;
  return new Set(loop.vertices).size === loop.vertices.length;
}

/**
 * Closes holes of a clean mesh. A hole of three edges gets one triangle; a larger one a fan around a new vertex at
 * the centroid of its rim. Each new triangle runs along its rim edge the other way than the triangle beside it, so
 * the normals of the fill agree with the surface around it.
 */
function fillHoles(mesh: IndexedMesh, maxHoleEdges: number): Pick<RepairResult, 'mesh' | 'holes'> {
  const loops = boundaryLoops(mesh);
  const border = borderIndex(loops);
  const holes = { filled: 0, tooLarge: 0, irregular: 0, addedTriangles: 0, maxHoleEdges };
  const toFill: Uint32Array[] = [];
  loops.forEach((loop, i) => {
    if (i === border) return;
    if (loop.vertices.length > maxHoleEdges) holes.tooLarge++;
    else if (!isSimple(loop)) holes.irregular++;
    else toFill.push(loop.vertices);
  });
  if (!toFill.length) return { mesh, holes };
  const centroids = toFill.filter((rim) => rim.length > 3).length;
  holes.addedTriangles = toFill.reduce((n, rim) => n + (rim.length === 3 ? 1 : rim.length), 0);
  const vertexCount = Math.floor(mesh.positions.length / 3);
  const positions = new Float32Array((vertexCount + centroids) * 3);
  positions.set(mesh.positions.subarray(0, vertexCount * 3));
  const indices = new Uint32Array(mesh.indices.length + holes.addedTriangles * 3);
  indices.set(mesh.indices);
  let o = mesh.indices.length;
  let next = vertexCount;
  const p = mesh.positions;
  for (const rim of toFill) {
    holes.filled++;
    if (rim.length === 3) {
      indices.set([rim[2]!, rim[1]!, rim[0]!], o);
      o += 3;
      continue;
    }
    let x = 0;
    let y = 0;
    let z = 0;
    for (const v of rim) {
      x += p[v * 3]!;
      y += p[v * 3 + 1]!;
      z += p[v * 3 + 2]!;
    }
    positions.set([x / rim.length, y / rim.length, z / rim.length], next * 3);
    for (let i = 0; i < rim.length; i++) {
      indices.set([rim[(i + 1) % rim.length]!, rim[i]!, next], o);
      o += 3;
    }
    next++;
  }
  return { mesh: { positions, indices }, holes };
}

/**
 * Drops degenerate triangles (repeated vertex or zero area), duplicates of an earlier triangle and the vertices
 * no remaining triangle uses, then fills the holes up to `maxHoleEdges` edges (MAX_FILLED_HOLE_EDGES; the border,
 * the longest boundary loop, stays open). Kept triangles keep their order, the fill's come after them; vertices are
 * renumbered in order of first use, the fill's centroids come last.
 */
export function repairMesh(mesh: IndexedMesh, options: RepairOptions = {}): RepairResult {
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
  const filled = fillHoles({ positions, indices }, options.maxHoleEdges ?? MAX_FILLED_HOLE_EDGES);
  return {
    mesh: filled.mesh,
    removed: { degenerateFaces, duplicateFaces, unreferencedVertices: vertexCount - used },
    holes: filled.holes,
  };
}
