import { describe, expect, it, vi } from 'vitest';
import { createJawScene, distanceMm, type JawRenderer } from './jaw-scene';
import type { PreparedMesh } from './mesh-messages';

/** A flat square grid at z = 0: `cells` × `cells` squares of `step` mm, welded, normals up. */
function plate(cells: number, step: number, z = 0): PreparedMesh {
  const side = cells + 1;
  const positions = new Float32Array(side * side * 3);
  const normals = new Float32Array(side * side * 3);
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++) {
      const v = (j * side + i) * 3;
      positions.set([i * step, j * step, z], v);
      normals.set([0, 0, 1], v);
    }
  }
  const indices: number[] = [];
  for (let j = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++) {
      const a = j * side + i;
      indices.push(a, a + 1, a + side + 1, a, a + side + 1, a + side);
    }
  }
  const max = cells * step;
  return {
    positions,
    normals,
    indices: Uint32Array.from(indices),
    boundingBox: { min: [0, 0, z], max: [max, max, z] },
    triangleCount: indices.length / 3,
    vertexCount: side * side,
  };
}

function sceneOnCanvas() {
  const canvas = document.createElement('canvas');
  // happy-dom lays nothing out: the canvas is 400 × 400 at the page's corner.
  canvas.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 400 }) as DOMRect;
  const renderer = {
    setPixelRatio: vi.fn(),
    setSize: vi.fn(),
    render: vi.fn(),
    dispose: vi.fn(),
    setViewport: vi.fn(),
    setScissor: vi.fn(),
    setScissorTest: vi.fn(),
    localClippingEnabled: false,
  };
  const scene = createJawScene(canvas, () => renderer as unknown as JawRenderer);
  scene.resize(400, 400);
  return { scene, renderer };
}

const APPEARANCE = { color: '#ffffff', opacity: 1, visible: true };

describe('the jaw scene', () => {
  it('picks the point under the cursor and, snapping, the nearest corner of the triangle hit', () => {
    const { scene, renderer } = sceneOnCanvas();
    expect(renderer.localClippingEnabled).toBe(true);
    scene.setLayer('scan:lower', { jaw: 'lower' }, plate(3, 10), APPEARANCE);
    scene.setView('occlusalLower', false);

    const centre = scene.pick(200, 200, false);
    expect(centre?.layer).toBe('scan:lower');
    expect(centre?.point[2]).toBeCloseTo(0, 5);
    // The plate's centre (15, 15) lies under the middle of the view, give or take the view's slight lean.
    expect(Math.abs(centre!.point[0] - 15)).toBeLessThan(1);
    expect(Math.abs(centre!.point[1] - 15)).toBeLessThan(3);

    const snapped = scene.pick(200, 200, true);
    expect(snapped!.point.map((c) => c % 10)).toEqual([0, 0, 0]);
    expect(scene.pick(5, 5, true)).toBeNull(); // beside the plate
    scene.dispose();
  });

  it('measures in millimetres between two picked points', () => {
    expect(distanceMm({ layer: 'a', point: [10, 10, 0] }, { layer: 'a', point: [20, 10, 0] })).toBe(10);
    expect(distanceMm({ layer: 'a', point: [0, 0, 0] }, { layer: 'b', point: [3, 4, 12] })).toBe(13);
  });

  it('moves the jaws apart along the teeth’s axis and picks in the scan’s own coordinates there', () => {
    const { scene } = sceneOnCanvas();
    scene.setLayer('scan:lower', { jaw: 'lower' }, plate(3, 10, 0), APPEARANCE);
    scene.setLayer('scan:upper', { jaw: 'upper' }, plate(3, 10, 8), { ...APPEARANCE, visible: false });
    scene.setApart(true);
    scene.setView('occlusalLower', false);
    const picked = scene.pick(200, 200, true);
    // Shown moved down, but the point is the scan's own: on its plate at z = 0.
    expect(picked?.layer).toBe('scan:lower');
    expect(picked?.point[2]).toBe(0);
    scene.dispose();
  });

  it('keeps only one side of the cross-section: a pick on the cut-away side finds nothing', () => {
    const { scene } = sceneOnCanvas();
    scene.setLayer('scan:lower', { jaw: 'lower' }, plate(3, 10), APPEARANCE);
    scene.setView('occlusalLower', false);
    const x = scene.pick(200, 200, false)!.point[0];
    // Cut across x at a quarter: what lies beyond it is gone, the near side stays.
    scene.setClipping({ axis: 'x', position: 0.25, flip: false });
    expect(x).toBeGreaterThan(7.5);
    expect(scene.pick(200, 200, false)).toBeNull();
    scene.setClipping({ axis: 'x', position: 0.25, flip: true });
    expect(scene.pick(200, 200, false)?.layer).toBe('scan:lower');
    scene.dispose();
  });

  it('turns a y-up scan into the anatomical frame: seen from above and picked in the scan’s own coordinates', () => {
    // The plate as a 3Shape export would have it: the teeth's axis along +y, the front to −z.
    const flat = plate(3, 10);
    const positions = new Float32Array(flat.positions.length);
    for (let i = 0; i < positions.length; i += 3) positions.set([flat.positions[i]!, 0, -flat.positions[i + 1]!], i);
    const yUp: PreparedMesh = { ...flat, positions, boundingBox: { min: [0, 0, -30], max: [30, 0, 0] } };
    const { scene } = sceneOnCanvas();
    scene.setLayer('scan:lower', { jaw: 'lower' }, yUp, APPEARANCE);
    scene.setView('occlusalLower', false);
    // In the scanner's axes, the plate stands on edge in an occlusal view: little of it is under the cursor.
    expect(scene.pick(200, 120, false)).toBeNull();
    // Rows: right, anterior, up in the scan's axes.
    scene.setJawRotation('lower', [1, 0, 0, 0, 0, -1, 0, 1, 0]);
    scene.setView('occlusalLower', false);
    const picked = scene.pick(200, 120, false);
    expect(picked?.layer).toBe('scan:lower');
    expect(picked?.point[1]).toBeCloseTo(0, 5);
    // Up in the picture is the front: −z in the scan.
    expect(picked!.point[2]).toBeLessThan(-15);
    // Apart, it moves down along the anatomical axis, and is still picked in the scan's coordinates.
    scene.setApart(true);
    expect(scene.pick(200, 120, false)?.point[1]).toBeCloseTo(0, 5);
    scene.setJawRotation('lower', null);
    scene.setView('occlusalLower', false);
    expect(scene.pick(200, 120, false)).toBeNull();
    scene.dispose();
  });
});
