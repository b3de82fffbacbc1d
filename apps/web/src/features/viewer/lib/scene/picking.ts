import {
  type BufferGeometry,
  type Camera,
  type Intersection,
  type Mesh,
  type Object3D,
  type Raycaster,
  Vector2,
  Vector3,
} from 'three';

/** A point picked on a model's surface, in the scan's coordinates (millimetres). */
export type PickedPoint = { layer: string; point: [number, number, number] };

/** Where a click lands: the pointer in the half it falls in (side by side) or the whole canvas, -1…1 each way. */
export function pointerAt(rect: DOMRect, clientX: number, clientY: number, isSplit: boolean) {
  let x = (clientX - rect.left) / rect.width;
  const half = isSplit ? (x < 0.5 ? 'left' : 'right') : null;
  if (isSplit) x = (x < 0.5 ? x : x - 0.5) * 2;
  return { half, pointer: new Vector2(x * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1) } as const;
}

/**
 * The nearest point of `targets` the ray hits that `keeps` lets show, in its model's coordinates (apart, a model is
 * shown moved). With `snap`, the nearest corner of the triangle hit: a point of the scan itself, the same wherever
 * within the triangle one clicks.
 */
export function pickOn(
  raycaster: Raycaster,
  pointer: Vector2,
  camera: Camera,
  targets: Object3D[],
  keeps: (point: Vector3) => boolean,
  snap: boolean,
): PickedPoint | null {
  raycaster.setFromCamera(pointer, camera);
  const hits: Intersection[] = raycaster.intersectObjects(targets, false);
  const hit = hits.find((candidate) => keeps(candidate.point));
  if (!hit) return null;
  const mesh = hit.object as Mesh<BufferGeometry>;
  const local = mesh.worldToLocal(hit.point.clone());
  if (!snap || !hit.face) return { layer: mesh.name, point: [local.x, local.y, local.z] };
  const positions = mesh.geometry.getAttribute('position');
  let best = local;
  let bestDistance = Infinity;
  for (const index of [hit.face.a, hit.face.b, hit.face.c]) {
    const corner = new Vector3().fromBufferAttribute(positions, index);
    const distance = corner.distanceToSquared(local);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = corner;
    }
  }
  return { layer: mesh.name, point: [best.x, best.y, best.z] };
}

/** The distance between two picked points in millimetres (the scans' unit). */
export function distanceMm(a: PickedPoint, b: PickedPoint): number {
  return Math.hypot(a.point[0] - b.point[0], a.point[1] - b.point[1], a.point[2] - b.point[2]);
}
