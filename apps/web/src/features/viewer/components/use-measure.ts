import { type PointerEvent, useEffect, useRef, useState } from 'react';
import type { JawScene, PickedPoint } from '../lib/jaw-scene';

/** How far (pixels) the pointer may move between down and up for a click; farther, it turned the view. */
const CLICK_SLOP = 4;

/**
 * The measurement: whether clicks pick points, whether they snap to the scan's corners, and the points picked (a
 * third click starts anew), shown in the scene. `canvasHandlers` go on the canvas.
 */
export function useMeasure(scene: JawScene | null) {
  const [isMeasuring, setIsMeasuring] = useState(false);
  const [snap, setSnap] = useState(true);
  const [points, setPoints] = useState<PickedPoint[]>([]);
  const pointerDown = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    scene?.setMeasurePoints(points);
  }, [scene, points]);

  const canvasHandlers = {
    onPointerDown: (event: PointerEvent<HTMLCanvasElement>) => {
      pointerDown.current = { x: event.clientX, y: event.clientY };
    },
    // A click (not a drag, which turns the view) picks a point while measuring.
    onPointerUp: (event: PointerEvent<HTMLCanvasElement>) => {
      const down = pointerDown.current;
      pointerDown.current = null;
      if (!isMeasuring || !scene || !down) return;
      if (Math.hypot(event.clientX - down.x, event.clientY - down.y) > CLICK_SLOP) return;
      const picked = scene.pick(event.clientX, event.clientY, snap);
      if (picked) setPoints((current) => (current.length >= 2 ? [picked] : [...current, picked]));
    },
  };

  return { isMeasuring, setIsMeasuring, snap, setSnap, points, setPoints, canvasHandlers };
}
