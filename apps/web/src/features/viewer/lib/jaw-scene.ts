import type { Jaw } from '@cuspid/contracts/cases';
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  DirectionalLight,
  DoubleSide,
  HemisphereLight,
  MathUtils,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { PreparedMesh } from './mesh-messages';

export const JAW_VIEWS = ['front', 'left', 'right', 'occlusalUpper', 'occlusalLower'] as const;
export type JawView = (typeof JAW_VIEWS)[number];

/** What the scene needs of a renderer: a WebGLRenderer in the app, a stand-in where there is no WebGL. */
export type JawRenderer = Pick<WebGLRenderer, 'setPixelRatio' | 'setSize' | 'render' | 'dispose'>;
export type CreateJawRenderer = (canvas: HTMLCanvasElement) => JawRenderer;

/** The browser cannot draw 3D: WebGL 2 is off, blocked or missing. */
export class WebGlUnavailableError extends Error {
  override readonly name = 'WebGlUnavailableError';
}

// Asked on a canvas of its own: a canvas keeps the attributes of its first context, and ours needs its own.
function hasWebGl2(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

// The drawing buffer is kept so that the picture can be read back (screenshots, the browser tests). The scene
// is drawn over a clear background: the canvas's own (CSS) background follows the light or dark colour scheme.
export const createWebGlRenderer: CreateJawRenderer = (canvas) => {
  if (!hasWebGl2()) throw new WebGlUnavailableError('WebGL 2 is not available');
  return new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
};

/**
 * Scans come in the scanner's frame: z along the teeth's long axis (the lower jaw's teeth point to +z), y towards
 * the front teeth, x towards the patient's right. Each view is where the camera stands, seen from the centre;
 * the occlusal views lean a little towards the front so that the front teeth are at the top of the picture.
 */
const VIEW_DIRECTIONS: Record<JawView, Vector3> = {
  front: new Vector3(0, 1, 0),
  left: new Vector3(-1, 0, 0),
  right: new Vector3(1, 0, 0),
  occlusalUpper: new Vector3(0, 0.05, -1).normalize(),
  occlusalLower: new Vector3(0, -0.05, 1).normalize(),
};

const FIELD_OF_VIEW = 35;
const VIEW_MOVE_MS = 450;

export type JawAppearance = { color: string; opacity: number; visible: boolean };

/**
 * The 3D scene of a case's jaws: both scans in their scanned positions, lit for enamel and gingiva, orbit, pan
 * and zoom by mouse, touch and keyboard. Draws only when something changed (no permanent animation loop).
 */
export function createJawScene(canvas: HTMLCanvasElement, createRenderer: CreateJawRenderer = createWebGlRenderer) {
  const renderer = createRenderer(canvas);
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
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

  const meshes = new Map<Jaw, Mesh<BufferGeometry, MeshStandardMaterial>>();
  let frameRequest = 0;
  let moveRequest = 0;
  let isDisposed = false;

  const renderNow = () => {
    renderer.render(scene, camera);
  };
  const requestRender = () => {
    if (frameRequest || isDisposed) return;
    frameRequest = requestAnimationFrame(() => {
      frameRequest = 0;
      renderNow();
    });
  };
  controls.addEventListener('change', requestRender);

  /** The sphere around every loaded jaw (shown or not): the views keep the same framing when one is hidden. */
  const bounds = () => {
    const box = new Box3();
    for (const mesh of meshes.values()) box.union(mesh.geometry.boundingBox ?? new Box3());
    return box.isEmpty() ? new Sphere(new Vector3(), 50) : box.getBoundingSphere(new Sphere());
  };

  const viewPose = (view: JawView) => {
    const sphere = bounds();
    const halfFov = MathUtils.degToRad(FIELD_OF_VIEW / 2);
    const fit = Math.min(halfFov, Math.atan(Math.tan(halfFov) * camera.aspect));
    const distance = (sphere.radius / Math.sin(fit)) * 1.05;
    camera.near = Math.max(distance / 100, 0.01);
    camera.far = distance * 10;
    camera.updateProjectionMatrix();
    return { target: sphere.center, position: sphere.center.clone().addScaledVector(VIEW_DIRECTIONS[view], distance) };
  };

  const setView = (view: JawView, animate = true) => {
    cancelAnimationFrame(moveRequest);
    const { target, position } = viewPose(view);
    const fromPosition = camera.position.clone();
    const fromTarget = controls.target.clone();
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (!animate || reduceMotion) {
      camera.position.copy(position);
      controls.target.copy(target);
      controls.update();
      requestRender();
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min((now - start) / VIEW_MOVE_MS, 1);
      const eased = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
      camera.position.lerpVectors(fromPosition, position, eased);
      controls.target.lerpVectors(fromTarget, target, eased);
      controls.update();
      renderNow();
      if (t < 1) moveRequest = requestAnimationFrame(step);
    };
    moveRequest = requestAnimationFrame(step);
  };

  return {
    /** Adds (or replaces) a jaw's mesh; the typed arrays become the GPU buffers as they are. */
    setJaw(jaw: Jaw, prepared: PreparedMesh, appearance: JawAppearance) {
      this.removeJaw(jaw);
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(prepared.positions, 3));
      geometry.setAttribute('normal', new BufferAttribute(prepared.normals, 3));
      geometry.setIndex(new BufferAttribute(prepared.indices, 1));
      geometry.boundingBox = new Box3(
        new Vector3(...prepared.boundingBox.min),
        new Vector3(...prepared.boundingBox.max),
      );
      geometry.boundingSphere = geometry.boundingBox.getBoundingSphere(new Sphere());
      // Scans are open surfaces: their inside shows where the surface ends.
      const material = new MeshStandardMaterial({ roughness: 0.42, metalness: 0, side: DoubleSide });
      const mesh = new Mesh(geometry, material);
      mesh.name = jaw;
      meshes.set(jaw, mesh);
      scene.add(mesh);
      this.setAppearance(jaw, appearance);
    },
    removeJaw(jaw: Jaw) {
      const mesh = meshes.get(jaw);
      if (!mesh) return;
      scene.remove(mesh);
      mesh.geometry.dispose();
      mesh.material.dispose();
      meshes.delete(jaw);
      requestRender();
    },
    setAppearance(jaw: Jaw, { color, opacity, visible }: JawAppearance) {
      const mesh = meshes.get(jaw);
      if (!mesh) return;
      const { material } = mesh;
      material.color.set(color);
      const transparent = opacity < 1;
      if (material.transparent !== transparent) material.needsUpdate = true;
      material.transparent = transparent;
      material.opacity = opacity;
      // A see-through jaw must not hide the other one behind it.
      material.depthWrite = !transparent;
      mesh.visible = visible;
      requestRender();
    },
    setWireframe(wireframe: boolean) {
      for (const mesh of meshes.values()) mesh.material.wireframe = wireframe;
      requestRender();
    },
    setView,
    /** Zooms in (factor > 1) or out (< 1) towards the centre of the view. */
    zoom(factor: number) {
      if (factor > 1) controls.dollyIn(factor);
      else controls.dollyOut(1 / factor);
      requestRender();
    },
    resize(width: number, height: number) {
      if (width <= 0 || height <= 0) return;
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      requestRender();
    },
    /** Draws a frame at once (not at the next animation frame). */
    renderNow,
    dispose() {
      isDisposed = true;
      cancelAnimationFrame(frameRequest);
      cancelAnimationFrame(moveRequest);
      controls.removeEventListener('change', requestRender);
      controls.stopListenToKeyEvents();
      controls.dispose();
      for (const jaw of [...meshes.keys()]) this.removeJaw(jaw);
      renderer.dispose();
    },
  };
}

export type JawScene = ReturnType<typeof createJawScene>;
