import type { Jaw } from '@cuspid/contracts/cases';
import {
  DirectionalLight,
  HemisphereLight,
  type Object3D,
  PerspectiveCamera,
  Raycaster,
  Scene,
  Sphere,
  Vector3,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { PreparedMesh } from './mesh-messages';
import { type Clipping, createClipping } from './scene/clipping';
import { createLayers, type JawAppearance, type JawRotation, type LayerInfo } from './scene/layers';
import { createMeasure } from './scene/measure';
import { type EdgeSet, edgeOverlay, OVERLAY_KINDS } from './scene/overlays';
import { type PickedPoint, pickOn, pointerAt } from './scene/picking';
import { type CreateJawRenderer, createWebGlRenderer } from './scene/renderer';
import { easeInOut, FIELD_OF_VIEW, type JawView, VIEW_MOVE_MS, viewPose } from './scene/views';

export type { ClipAxis, Clipping } from './scene/clipping';
export type { JawAppearance, JawRotation, LayerInfo } from './scene/layers';
export type { EdgeSet } from './scene/overlays';
export { distanceMm, type PickedPoint } from './scene/picking';
export {
  type CreateJawRenderer,
  createWebGlRenderer,
  type JawRenderer,
  WebGlUnavailableError,
} from './scene/renderer';
export { JAW_VIEWS, type JawView } from './scene/views';

/** Side by side: the left half shows the `left` layers only, the right half the `right` ones, one camera. */
export type Split = { left: readonly string[]; right: readonly string[] };

/**
 * The 3D scene of a case: its jaws' scans and result versions (scene/layers) in their scanned positions or apart,
 * lit for enamel and gingiva; orbit, pan and zoom by mouse, touch and keyboard; vertex colours for a deviation map,
 * overlays over a model (scene/overlays: quality edges), a clipping plane (scene/clipping), a two-point measurement
 * (scene/picking, scene/measure) and side-by-side comparison. Draws only when something changed (no permanent
 * animation loop).
 */
export function createJawScene(canvas: HTMLCanvasElement, createRenderer: CreateJawRenderer = createWebGlRenderer) {
  const renderer = createRenderer(canvas);
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.localClippingEnabled = true;
  const scene = new Scene();
  const camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.1, 10_000);
  // Set before the controls are made: they orbit around the camera's up axis.
  camera.up.set(0, 0, 1);
  camera.position.set(0, 100, 0);
  const controls = new OrbitControls(camera, canvas);
  controls.listenToKeyEvents(canvas);
  controls.zoomToCursor = true;

  // Soft sky and warm ground light for the gingiva, and a light at the camera so that enamel reads from any side.
  const sky = new HemisphereLight(0xffffff, 0x8a6f63, 1.4);
  sky.position.set(0, 0, 1);
  scene.add(sky);
  const headlight = new DirectionalLight(0xffffff, 1.6);
  headlight.position.set(0.3, 0.5, 1);
  camera.add(headlight);
  scene.add(camera);

  const layers = createLayers(scene);
  const clipping = createClipping();
  const measure = createMeasure(scene);
  const raycaster = new Raycaster();
  let split: Split | null = null;
  let frameRequest = 0;
  let moveRequest = 0;
  let isDisposed = false;
  let width = 1;
  let height = 1;

  /** Runs `draw` with the camera's aspect that of one half of a side-by-side picture (as it is without a split). */
  const withHalfAspect = <T>(draw: () => T): T => {
    if (!split) return draw();
    const aspect = camera.aspect;
    camera.aspect = width / 2 / height;
    camera.updateProjectionMatrix();
    const drawn = draw();
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
    return drawn;
  };

  const renderHalf = (x: number, only: readonly string[]) =>
    layers.withOnly(new Set(only), () => {
      renderer.setViewport(x, 0, width / 2, height);
      renderer.setScissor(x, 0, width / 2, height);
      renderer.render(scene, camera);
    });

  const renderNow = () => {
    const shownSplit = split;
    if (!shownSplit) {
      renderer.render(scene, camera);
      return;
    }
    withHalfAspect(() => {
      renderer.setScissorTest(true);
      renderHalf(0, shownSplit.left);
      renderHalf(width / 2, shownSplit.right);
      renderer.setScissorTest(false);
      renderer.setViewport(0, 0, width, height);
    });
  };
  const requestRender = () => {
    if (frameRequest || isDisposed) return;
    frameRequest = requestAnimationFrame(() => {
      frameRequest = 0;
      renderNow();
    });
  };
  controls.addEventListener('change', requestRender);

  const boundingSphere = () => {
    const box = layers.bounds();
    return box.isEmpty() ? new Sphere(new Vector3(), 50) : box.getBoundingSphere(new Sphere());
  };

  /** The models moved or the cross-section changed: the plane goes where the models are now. */
  const applyClipping = () => {
    layers.setClippingPlanes(clipping.planes(layers.bounds()));
    requestRender();
  };

  const setView = (view: JawView, animate = true) => {
    cancelAnimationFrame(moveRequest);
    const pose = viewPose(view, boundingSphere(), split ? camera.aspect / 2 : camera.aspect);
    camera.near = pose.near;
    camera.far = pose.far;
    camera.updateProjectionMatrix();
    const fromPosition = camera.position.clone();
    const fromTarget = controls.target.clone();
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (!animate || reduceMotion) {
      camera.position.copy(pose.position);
      controls.target.copy(pose.target);
      controls.update();
      requestRender();
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min((now - start) / VIEW_MOVE_MS, 1);
      camera.position.lerpVectors(fromPosition, pose.position, easeInOut(t));
      controls.target.lerpVectors(fromTarget, pose.target, easeInOut(t));
      controls.update();
      renderNow();
      if (t < 1) moveRequest = requestAnimationFrame(step);
    };
    moveRequest = requestAnimationFrame(step);
  };

  return {
    /** Adds (or replaces) a model; the typed arrays become the GPU buffers as they are. */
    setLayer(key: string, info: LayerInfo, prepared: PreparedMesh, appearance: JawAppearance) {
      layers.set(key, info, prepared, appearance);
      applyClipping();
    },
    hasLayer: layers.has,
    removeLayer(key: string) {
      layers.remove(key);
      requestRender();
    },
    setAppearance(key: string, appearance: JawAppearance) {
      layers.setAppearance(key, appearance);
      requestRender();
    },
    /** Colours a model per vertex (three floats 0…1 per vertex), or back to its own colour with null. */
    setVertexColors(key: string, colors: Float32Array | null) {
      layers.setVertexColors(key, colors);
      requestRender();
    },
    /** Draws sets of line segments over a model (six floats per segment), e.g. the rims of holes; [] removes them. */
    setEdges(key: string, sets: readonly EdgeSet[]) {
      if (!layers.has(key)) return;
      layers.setOverlay(key, OVERLAY_KINDS.edges, edgeOverlay(sets));
      applyClipping();
    },
    setWireframe(wireframe: boolean) {
      layers.setWireframe(wireframe);
      requestRender();
    },
    /**
     * Turns a jaw's models (its scan and result meshes) from the scan's axes into the anatomical frame: a rotation
     * (row-major 3×3), or null for the scan's own axes. The same rotation for both jaws keeps their bite.
     */
    setJawRotation(jaw: Jaw, rotation: JawRotation | null) {
      layers.setJawRotation(jaw, rotation);
      applyClipping();
    },
    /** Together in their scanned positions (occlusion), or apart along the teeth's axis. */
    setApart(apart: boolean) {
      layers.setApart(apart);
      applyClipping();
    },
    setClipping(next: Clipping | null) {
      clipping.set(next);
      applyClipping();
    },
    setSplit(next: Split | null) {
      split = next;
      requestRender();
    },
    /**
     * The point of a shown model under the cursor (client coordinates), or null. With `snap`, the nearest
     * corner of the triangle hit: a point of the scan itself, the same wherever within the triangle one clicks.
     */
    pick(clientX: number, clientY: number, snap: boolean): PickedPoint | null {
      const rect = canvas.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0) return null;
      const { half, pointer } = pointerAt(rect, clientX, clientY, split !== null);
      const only = split && half ? new Set(split[half]) : undefined;
      // As the next frame will draw them: models moved (apart) or a camera moved since the last frame count.
      scene.updateMatrixWorld();
      const targets: Object3D[] = layers.shownMeshes(only);
      return withHalfAspect(() => pickOn(raycaster, pointer, camera, targets, clipping.keeps, snap));
    },
    /** Shows the measured points (at most two joined by a line); an empty list clears them. */
    setMeasurePoints(points: readonly PickedPoint[]) {
      scene.updateMatrixWorld();
      const world = points.map(({ layer, point }) => {
        const at = new Vector3(...point);
        const mesh = layers.mesh(layer);
        return mesh ? mesh.localToWorld(at) : at;
      });
      measure.show(world, boundingSphere().radius);
      requestRender();
    },
    setView,
    /** Zooms in (factor > 1) or out (< 1) towards the centre of the view. */
    zoom(factor: number) {
      if (factor > 1) controls.dollyIn(factor);
      else controls.dollyOut(1 / factor);
      requestRender();
    },
    resize(nextWidth: number, nextHeight: number) {
      if (nextWidth <= 0 || nextHeight <= 0) return;
      width = nextWidth;
      height = nextHeight;
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      requestRender();
    },
    /** Draws a frame at once (not at the next animation frame). */
    renderNow,
    /** The picture as it is now, as a PNG. */
    toPng(): Promise<Blob | null> {
      renderNow();
      return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    },
    dispose() {
      isDisposed = true;
      cancelAnimationFrame(frameRequest);
      cancelAnimationFrame(moveRequest);
      controls.removeEventListener('change', requestRender);
      controls.stopListenToKeyEvents();
      controls.dispose();
      layers.dispose();
      measure.dispose();
      renderer.dispose();
    },
  };
}

export type JawScene = ReturnType<typeof createJawScene>;
