import { borderIndex, boundaryLoops } from './boundary';
import { classifyFaces, type EdgeTable, FACE_DEGENERATE, FACE_DUPLICATE, tallyEdges } from './edges';
import { type IndexedMesh, isIndexedMesh, type TriangleSoup, type Vec3 } from './types';
import { weldMesh } from './weld';

export {
  classifyFaces,
  type EdgeTable,
  edgeUses,
  FACE_DEGENERATE,
  FACE_DUPLICATE,
  tallyEdges,
} from './edges';

export interface BoundingBox {
  min: Vec3;
  max: Vec3;
  size: Vec3;
}

/** Quality figures of a mesh. Lengths in the mesh's units: millimetres for dental scans. */
export interface MeshReport {
  triangles: number;
  vertices: number;
  boundingBox: BoundingBox;
  /** mm² */
  surfaceArea: number;
  /** Edges used by exactly one (non-degenerate) triangle: the rims of holes and of the open base of a scan. */
  boundaryEdges: number;
  /** Loops of boundary edges: the border and the holes. */
  boundaryLoops: number;
  /**
   * The scan's border: its longest boundary loop (the rim of the open base of a jaw scan), told from holes. Edges 0
   * and length 0 for a closed mesh.
   */
  borderEdges: number;
  /** mm */
  borderLength: number;
  /** Boundary loops other than the border: real holes in the surface. */
  holes: number;
  /** Edges of the largest hole's rim (0 without holes). */
  largestHoleEdges: number;
  /** Edges shared by more than two triangles. */
  nonManifoldEdges: number;
  /** Triangles over the same three vertices as an earlier one (either winding); degenerate ones not counted. */
  duplicateFaces: number;
  /** Triangles with a repeated vertex or (next to) zero area. */
  degenerateFaces: number;
}

function countEdges(table: EdgeTable): { boundaryEdges: number; nonManifoldEdges: number } {
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  for (let s = 0; s < table.a.length; s++) {
    if (table.a[s] === -1) continue;
    const n = table.uses[s]!;
    if (n === 1) boundaryEdges++;
    else if (n > 2) nonManifoldEdges++;
  }
  return { boundaryEdges, nonManifoldEdges };
}

function boundingBox(positions: Float32Array): BoundingBox {
  if (positions.length < 3) return { min: [0, 0, 0], max: [0, 0, 0], size: [0, 0, 0] };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let minZ = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let maxZ = Number.NEGATIVE_INFINITY;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  return { min: [minX, minY, minZ], max: [maxX, maxY, maxZ], size: [maxX - minX, maxY - minY, maxZ - minZ] };
}

/**
 * Quality report of a mesh: counts, bounding box, area, boundary (the border apart from the holes), non-manifold
 * edges, duplicate and degenerate triangles. A triangle soup is welded first (exact coordinates).
 */
export function analyzeMesh(input: IndexedMesh | TriangleSoup): MeshReport {
  const mesh = isIndexedMesh(input) ? input : weldMesh(input);
  const { flags, area } = classifyFaces(mesh);
  let duplicateFaces = 0;
  let degenerateFaces = 0;
  for (let f = 0; f < flags.length; f++) {
    if (flags[f] === FACE_DEGENERATE) degenerateFaces++;
    else if (flags[f] === FACE_DUPLICATE) duplicateFaces++;
  }
  const table = tallyEdges(mesh, flags);
  const loops = boundaryLoops(mesh, flags, table);
  const border = loops[borderIndex(loops)];
  return {
    triangles: flags.length,
    vertices: Math.floor(mesh.positions.length / 3),
    boundingBox: boundingBox(mesh.positions),
    surfaceArea: area,
    ...countEdges(table),
    boundaryLoops: loops.length,
    borderEdges: border ? border.vertices.length : 0,
    borderLength: border ? border.length : 0,
    holes: Math.max(0, loops.length - 1),
    largestHoleEdges: loops.reduce((n, loop) => (loop === border ? n : Math.max(n, loop.vertices.length)), 0),
    duplicateFaces,
    degenerateFaces,
  };
}
