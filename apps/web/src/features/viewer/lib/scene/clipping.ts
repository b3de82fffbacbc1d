import { type Box3, Plane, Vector3 } from 'three';

export type ClipAxis = 'x' | 'y' | 'z';
/** A cross-section: the plane across `axis` at `position` (0…1 of the models' extent); `flip` keeps the other side. */
export type Clipping = { axis: ClipAxis; position: number; flip: boolean };

const AXIS_VECTORS: Record<ClipAxis, Vector3> = {
  x: new Vector3(1, 0, 0),
  y: new Vector3(0, 1, 0),
  z: new Vector3(0, 0, 1),
};

/** The cross-section of the scene: one plane, placed within the models' box, that keeps one side of it. */
export function createClipping() {
  const plane = new Plane(new Vector3(0, 0, 1), 0);
  let clipping: Clipping | null = null;
  return {
    set(next: Clipping | null) {
      clipping = next;
    },
    /** The planes that cut the models in `box` now: none without a cross-section. */
    planes(box: Box3): Plane[] {
      if (!clipping) return [];
      const axis = AXIS_VECTORS[clipping.axis];
      const min = box.isEmpty() ? 0 : box.min.dot(axis);
      const max = box.isEmpty() ? 0 : box.max.dot(axis);
      const at = min + (max - min) * clipping.position;
      // A plane keeps what lies on its normal's side: the part below `at`, or above it when flipped.
      plane.normal.copy(axis).multiplyScalar(clipping.flip ? 1 : -1);
      plane.constant = clipping.flip ? -at : at;
      return [plane];
    },
    /** Whether a point (world coordinates) is on the side that shows. */
    keeps: (point: Vector3) => !clipping || plane.distanceToPoint(point) >= 0,
  };
}
