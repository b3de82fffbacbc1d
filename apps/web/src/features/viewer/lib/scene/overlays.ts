import { BufferGeometry, Float32BufferAttribute, LineBasicMaterial, LineSegments } from 'three';
import type { OverlayObject } from './layers';

/** Line segments of one colour over a model: six floats per segment. */
export type EdgeSet = { segments: Float32Array; color: string };

/** The overlay kinds a model can carry, each replaced on its own. */
export const OVERLAY_KINDS = { edges: 'edges' } as const;

/** Sets of line segments (e.g. the rims of holes) as the objects of an overlay, drawn over the model's surface. */
export function edgeOverlay(sets: readonly EdgeSet[]): OverlayObject[] {
  return sets
    .filter(({ segments }) => segments.length > 0)
    .map(({ segments, color }) => {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(segments, 3));
      const edges = new LineSegments(geometry, new LineBasicMaterial({ color }));
      edges.renderOrder = 5;
      return edges;
    });
}
