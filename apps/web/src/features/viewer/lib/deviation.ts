import { BufferAttribute, BufferGeometry, Vector3 } from 'three';
import { CENTER, type HitPointInfo, MeshBVH } from 'three-mesh-bvh';
import { summarizeDeviation } from './deviation-summary';
import { checkMeshArrays, type DeviationResult } from './mesh-messages';

/**
 * Beyond this distance (mm) a vertex has no counterpart on the reference. Two scans of one jaw differ by
 * tenths of a millimetre where they overlap; a vertex 5 mm away lies where the reference was not scanned
 * (gingiva cut elsewhere, the base, the other jaw) and would only paint the map red. The limit also bounds
 * the search: the BVH skips every box beyond it, so these vertices cost little.
 */
export const DEFAULT_MAX_DEVIATION_DISTANCE = 5;

/**
 * Triangles per BVH leaf. Each closest-point query tests every triangle of the leaves it opens, and deeper trees
 * cost more boxes: on a 300,000-triangle wavy surface, 4 to 16 took the same time within noise (2 was slower).
 * 8 sits in that flat middle.
 */
const TARGET_LEAF_SIZE = 8;

export type DeviationOptions = {
  /** mm; vertices farther from the reference come back NaN. Default 5 mm; Infinity searches the whole mesh. */
  maxDistance?: number;
};

type Vertices = { positions: Float32Array };
type Triangles = { positions: Float32Array; indices: Uint32Array };

/**
 * Signed distance (mm) from each vertex of `measured` to the closest point of the `reference` surface: positive
 * where the vertex lies on the side the reference's closest triangle faces (outside, e.g. material added),
 * negative inside. NaN for a vertex farther than `maxDistance` (no counterpart). The reference's arrays are
 * left as they are (the BVH sorts a copy of its triangles).
 *
 * The sign comes from the closest triangle's face normal. Where the closest point is a sharp edge or corner
 * the triangles around it disagree and the one found decides; on smooth scans this is rare and the distance
 * there is right, only its colour may flip.
 */
export function computeDeviation(
  measured: Vertices,
  reference: Triangles,
  { maxDistance = DEFAULT_MAX_DEVIATION_DISTANCE }: DeviationOptions = {},
): DeviationResult {
  checkMeshArrays('measured', measured.positions);
  checkMeshArrays('reference', reference.positions, reference.indices);
  if (!(maxDistance > 0)) throw new RangeError(`maxDistance must be above 0 (got ${maxDistance})`);
  const points = measured.positions;
  const distances = new Float32Array(points.length / 3).fill(NaN);
  if (reference.indices.length === 0 || distances.length === 0) {
    return { distances, summary: summarizeDeviation(distances) };
  }

  // Building the BVH reorders the index in place: it gets a copy, and face indices it returns refer to the copy.
  const index = reference.indices.slice();
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(reference.positions, 3));
  geometry.setIndex(new BufferAttribute(index, 1));
  // The BVH takes its root box from here. Each query costs a few microseconds of set-up even when it finds
  // nothing: a vertex that far from the whole reference (the other jaw, the base of a longer scan) needs none.
  geometry.computeBoundingBox();
  const bounds = geometry.boundingBox!;
  const bvh = new MeshBVH(geometry, { strategy: CENTER, targetLeafSize: TARGET_LEAF_SIZE });
  const p = reference.positions;

  const point = new Vector3();
  const hit = { point: new Vector3(), distance: 0, faceIndex: 0 } satisfies HitPointInfo;
  for (let v = 0; v < distances.length; v++) {
    const x = points[v * 3]!;
    const y = points[v * 3 + 1]!;
    const z = points[v * 3 + 2]!;
    point.set(x, y, z);
    if (bounds.distanceToPoint(point) > maxDistance) continue;
    // The search skips boxes beyond the limit but may still return a triangle in a near box that is itself
    // farther away: the distance is checked again.
    if (!bvh.closestPointToPoint(point, hit, 0, maxDistance) || hit.distance > maxDistance) continue;
    const a = index[hit.faceIndex * 3]! * 3;
    const b = index[hit.faceIndex * 3 + 1]! * 3;
    const c = index[hit.faceIndex * 3 + 2]! * 3;
    const e1x = p[b]! - p[a]!;
    const e1y = p[b + 1]! - p[a + 1]!;
    const e1z = p[b + 2]! - p[a + 2]!;
    const e2x = p[c]! - p[a]!;
    const e2y = p[c + 1]! - p[a + 1]!;
    const e2z = p[c + 2]! - p[a + 2]!;
    // Only the sign of the projection matters: the normal needs no normalising.
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    const side = (x - hit.point.x) * nx + (y - hit.point.y) * ny + (z - hit.point.z) * nz;
    distances[v] = side < 0 ? -hit.distance : hit.distance;
  }
  return { distances, summary: summarizeDeviation(distances) };
}

export { summarizeDeviation };
