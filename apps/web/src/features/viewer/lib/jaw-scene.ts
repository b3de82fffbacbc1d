import type { Jaw } from '@cuspid/contracts/cases';
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  DirectionalLight,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  HemisphereLight,
  type Intersection,
  Line,
  LineBasicMaterial,
  LineSegments,
  MathUtils,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  type Object3D,
  PerspectiveCamera,
  Plane,
  Raycaster,
  Scene,
  Sphere,
  SphereGeometry,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { PreparedMesh } from './mesh-messages';

export const JAW_VIEWS = ['front', 'left', 'right', 'occlusalUpper', 'occlusalLower'] as const;
export type JawView = (typeof JAW_VIEWS)[number];

/** What the scene needs of a renderer: a WebGLRenderer in the app, a stand-in where there is no WebGL. */
export type JawRenderer = Pick<
  WebGLRenderer,
  'setPixelRatio' | 'setSize' | 'render' | 'dispose' | 'setViewport' | 'setScissor' | 'setScissorTest'
> & { localClippingEnabled: boolean };
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

/** A rotation, row-major 3×3: from a scan's axes to the anatomical frame the scene shows (ADR 0117). */
export type JawRotation = readonly [number, number, number, number, number, number, number, number, number];

/**
 * The scene shows the jaws in their anatomical frame: z along the teeth's long axis (the lower jaw's teeth point
 * to +z), y towards the front teeth, x towards the patient's right. Scans are turned into it by their jaw's
 * rotation (`setJawRotation`: the detected frame and the user's correction), whatever the scanner's axes. Each view is where the camera stands, seen from the centre;
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
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const VIEW_MOVE_MS = 450;
/** Apart, the jaws move away from each other along the teeth's axis by this share of their height together. */
const APART_SHARE = 0.75;

export type JawAppearance = { color: string; opacity: number; visible: boolean };

/** A model in the scene: a jaw's scan, or a result version's mesh of a jaw. */
export type LayerInfo = { jaw: Jaw };

/** A point picked on a model's surface, in the scan's coordinates (millimetres). */
export type PickedPoint = { layer: string; point: [number, number, number] };

export type ClipAxis = 'x' | 'y' | 'z';
/** A cross-section: the plane across `axis` at `position` (0…1 of the models' extent); `flip` keeps the other side. */
export type Clipping = { axis: ClipAxis; position: number; flip: boolean };

/** Side by side: the left half shows the `left` layers only, the right half the `right` ones, one camera. */
export type Split = { left: readonly string[]; right: readonly string[] };

/** Line segments of one colour over a model: six floats per segment. */
export type EdgeSet = { segments: Float32Array; color: string };

type Layer = {
  jaw: Jaw;
  mesh: Mesh<BufferGeometry, MeshStandardMaterial>;
  edges: LineSegments[];
  appearance: JawAppearance;
};

const AXIS_VECTORS: Record<ClipAxis, Vector3> = {
  x: new Vector3(1, 0, 0),
  y: new Vector3(0, 1, 0),
  z: new Vector3(0, 0, 1),
};

/**
 * The 3D scene of a case: its jaws' scans and result versions in their scanned positions (or apart), lit for
 * enamel and gingiva; orbit, pan and zoom by mouse, touch and keyboard; vertex colours for a deviation map,
 * quality edges, a clipping plane, a two-point measurement and side-by-side comparison. Draws only when
 * something changed (no permanent animation loop).
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

  const layers = new Map<string, Layer>();
  const rotations = new Map<Jaw, Matrix4>();
  const clipPlane = new Plane(new Vector3(0, 0, 1), 0);
  let clipping: Clipping | null = null;
  let isApart = false;
  let split: Split | null = null;
  let frameRequest = 0;
  let moveRequest = 0;
  let isDisposed = false;
  let width = 1;
  let height = 1;

  // The measurement: its points and the line between them, drawn over the models (never hidden by them).
  const measure = new Group();
  measure.renderOrder = 10;
  scene.add(measure);
  const markerMaterial = new MeshBasicMaterial({ color: 0xe8590c, depthTest: false });
  const lineMaterial = new LineBasicMaterial({ color: 0xe8590c, depthTest: false });
  let markerGeometry = new SphereGeometry(1, 16, 12);

  const renderSplitHalf = (x: number, visible: ReadonlySet<string>) => {
    const shown = new Map<string, boolean>();
    for (const [key, layer] of layers) {
      shown.set(key, layer.mesh.visible);
      layer.mesh.visible = layer.mesh.visible && visible.has(key);
      for (const edges of layer.edges) edges.visible = layer.mesh.visible;
    }
    renderer.setViewport(x, 0, width / 2, height);
    renderer.setScissor(x, 0, width / 2, height);
    renderer.render(scene, camera);
    for (const [key, layer] of layers) {
      layer.mesh.visible = shown.get(key) ?? true;
      for (const edges of layer.edges) edges.visible = layer.mesh.visible;
    }
  };

  const renderNow = () => {
    if (!split) {
      renderer.render(scene, camera);
      return;
    }
    const aspect = camera.aspect;
    camera.aspect = width / 2 / height;
    camera.updateProjectionMatrix();
    renderer.setScissorTest(true);
    renderSplitHalf(0, new Set(split.left));
    renderSplitHalf(width / 2, new Set(split.right));
    renderer.setScissorTest(false);
    renderer.setViewport(0, 0, width, height);
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
  };
  const requestRender = () => {
    if (frameRequest || isDisposed) return;
    frameRequest = requestAnimationFrame(() => {
      frameRequest = 0;
      renderNow();
    });
  };
  controls.addEventListener('change', requestRender);

  /** The box around every loaded model where it is shown (apart or together), shown or hidden. */
  const bounds = () => {
    const box = new Box3();
    for (const { mesh } of layers.values()) {
      const own = mesh.geometry.boundingBox;
      mesh.updateMatrix();
      if (own) box.union(own.clone().applyMatrix4(mesh.matrix));
    }
    return box;
  };
  const boundingSphere = () => {
    const box = bounds();
    return box.isEmpty() ? new Sphere(new Vector3(), 50) : box.getBoundingSphere(new Sphere());
  };

  const viewPose = (view: JawView) => {
    const sphere = boundingSphere();
    const halfFov = MathUtils.degToRad(FIELD_OF_VIEW / 2);
    const aspect = split ? camera.aspect / 2 : camera.aspect;
    const fit = Math.min(halfFov, Math.atan(Math.tan(halfFov) * aspect));
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

  /** Apart: the upper jaw's models move up and the lower jaw's down, each by half the gap. */
  const placeLayers = () => {
    let shift = 0;
    if (isApart) {
      const box = new Box3();
      for (const { mesh, jaw } of layers.values()) {
        const own = mesh.geometry.boundingBox;
        if (own) box.union(own.clone().applyMatrix4(rotations.get(jaw) ?? new Matrix4()));
      }
      shift = box.isEmpty() ? 0 : ((box.max.z - box.min.z) * APART_SHARE) / 2;
    }
    for (const layer of layers.values()) {
      // Turned into the anatomical frame; the lower jaw's teeth point to +z: the upper jaw sits above it.
      layer.mesh.quaternion.setFromRotationMatrix(rotations.get(layer.jaw) ?? new Matrix4());
      layer.mesh.position.set(0, 0, layer.jaw === 'upper' ? shift : -shift);
      for (const edges of layer.edges) {
        edges.position.copy(layer.mesh.position);
        edges.quaternion.copy(layer.mesh.quaternion);
      }
    }
  };

  const applyClipping = () => {
    const planes = clipping ? [clipPlane] : [];
    if (clipping) {
      const box = bounds();
      const axis = AXIS_VECTORS[clipping.axis];
      const min = box.isEmpty() ? 0 : box.min.dot(axis);
      const max = box.isEmpty() ? 0 : box.max.dot(axis);
      const at = min + (max - min) * clipping.position;
      // A plane keeps what lies on its normal's side: the part below `at`, or above it when flipped.
      clipPlane.normal.copy(axis).multiplyScalar(clipping.flip ? 1 : -1);
      clipPlane.constant = clipping.flip ? -at : at;
    }
    for (const layer of layers.values()) {
      layer.mesh.material.clippingPlanes = planes;
      for (const edges of layer.edges) (edges.material as LineBasicMaterial).clippingPlanes = planes;
    }
    requestRender();
  };

  const applyAppearance = (layer: Layer) => {
    const { material } = layer.mesh;
    const { color, opacity, visible } = layer.appearance;
    // With a deviation map, the colours come from the vertices. A colour half typed in its field is not one yet.
    if (material.vertexColors) material.color.set('#ffffff');
    else if (HEX_COLOR.test(color)) material.color.set(color);
    const transparent = opacity < 1;
    if (material.transparent !== transparent) material.needsUpdate = true;
    material.transparent = transparent;
    material.opacity = opacity;
    // A see-through model must not hide the ones behind it.
    material.depthWrite = !transparent;
    layer.mesh.visible = visible;
    for (const edges of layer.edges) edges.visible = visible;
  };

  const disposeEdges = (layer: Layer) => {
    for (const edges of layer.edges) {
      scene.remove(edges);
      edges.geometry.dispose();
      (edges.material as LineBasicMaterial).dispose();
    }
    layer.edges = [];
  };

  const raycaster = new Raycaster();

  return {
    /** Adds (or replaces) a model; the typed arrays become the GPU buffers as they are. */
    setLayer(key: string, info: LayerInfo, prepared: PreparedMesh, appearance: JawAppearance) {
      this.removeLayer(key);
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
      mesh.name = key;
      const layer: Layer = { jaw: info.jaw, mesh, edges: [], appearance };
      layers.set(key, layer);
      scene.add(mesh);
      placeLayers();
      applyAppearance(layer);
      applyClipping();
    },
    hasLayer: (key: string) => layers.has(key),
    removeLayer(key: string) {
      const layer = layers.get(key);
      if (!layer) return;
      scene.remove(layer.mesh);
      layer.mesh.geometry.dispose();
      layer.mesh.material.dispose();
      disposeEdges(layer);
      layers.delete(key);
      requestRender();
    },
    setAppearance(key: string, appearance: JawAppearance) {
      const layer = layers.get(key);
      if (!layer) return;
      layer.appearance = appearance;
      applyAppearance(layer);
      requestRender();
    },
    /** Colours a model per vertex (three floats 0…1 per vertex), or back to its own colour with null. */
    setVertexColors(key: string, colors: Float32Array | null) {
      const layer = layers.get(key);
      if (!layer) return;
      const { geometry, material } = layer.mesh;
      if (colors) geometry.setAttribute('color', new Float32BufferAttribute(colors, 3));
      else geometry.deleteAttribute('color');
      material.vertexColors = colors !== null;
      material.needsUpdate = true;
      applyAppearance(layer);
      requestRender();
    },
    /** Draws sets of line segments over a model (six floats per segment), e.g. the rims of holes; [] removes them. */
    setEdges(key: string, sets: readonly EdgeSet[]) {
      const layer = layers.get(key);
      if (!layer) return;
      disposeEdges(layer);
      for (const { segments, color } of sets) {
        if (segments.length === 0) continue;
        const geometry = new BufferGeometry();
        geometry.setAttribute('position', new Float32BufferAttribute(segments, 3));
        const edges = new LineSegments(geometry, new LineBasicMaterial({ color }));
        edges.renderOrder = 5;
        layer.edges.push(edges);
        scene.add(edges);
      }
      placeLayers();
      applyAppearance(layer);
      applyClipping();
    },
    setWireframe(wireframe: boolean) {
      for (const { mesh } of layers.values()) mesh.material.wireframe = wireframe;
      requestRender();
    },
    /**
     * Turns a jaw's models (its scan and result meshes) from the scan's axes into the anatomical frame: a rotation
     * (row-major 3×3), or null for the scan's own axes. The same rotation for both jaws keeps their bite.
     */
    setJawRotation(jaw: Jaw, rotation: JawRotation | null) {
      if (rotation) {
        const [a, b, c, d, e, f, g, h, i] = rotation;
        rotations.set(jaw, new Matrix4().set(a, b, c, 0, d, e, f, 0, g, h, i, 0, 0, 0, 0, 1));
      } else {
        rotations.delete(jaw);
      }
      placeLayers();
      applyClipping();
    },
    /** Together in their scanned positions (occlusion), or apart along the teeth's axis. */
    setApart(apart: boolean) {
      isApart = apart;
      placeLayers();
      applyClipping();
    },
    setClipping(next: Clipping | null) {
      clipping = next;
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
      let x = (clientX - rect.left) / rect.width;
      const visibleKeys = split ? new Set(x < 0.5 ? split.left : split.right) : null;
      if (split) x = (x < 0.5 ? x : x - 0.5) * 2;
      const pointer = new Vector2(x * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
      // As the next frame will draw them: models moved (apart) or a camera moved since the last frame count.
      scene.updateMatrixWorld();
      const aspect = camera.aspect;
      if (split) {
        camera.aspect = width / 2 / height;
        camera.updateProjectionMatrix();
      }
      raycaster.setFromCamera(pointer, camera);
      if (split) {
        camera.aspect = aspect;
        camera.updateProjectionMatrix();
      }
      const targets: Object3D[] = [];
      for (const [key, layer] of layers) {
        if (layer.mesh.visible && (!visibleKeys || visibleKeys.has(key))) targets.push(layer.mesh);
      }
      const hits: Intersection[] = raycaster.intersectObjects(targets, false);
      const hit = hits.find((candidate) => !clipping || clipPlane.distanceToPoint(candidate.point) >= 0);
      if (!hit) return null;
      const mesh = hit.object as Mesh<BufferGeometry>;
      // Back into the scan's coordinates: apart, a model is shown moved.
      const local = mesh.worldToLocal(hit.point.clone());
      if (snap && hit.face) {
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
      return { layer: mesh.name, point: [local.x, local.y, local.z] };
    },
    /** Shows the measured points (at most two joined by a line); an empty list clears them. */
    setMeasurePoints(points: readonly PickedPoint[]) {
      for (const child of [...measure.children]) {
        measure.remove(child);
        if (child instanceof Line) child.geometry.dispose();
      }
      const radius = boundingSphere().radius;
      markerGeometry.dispose();
      markerGeometry = new SphereGeometry(Math.max(radius * 0.008, 0.05), 16, 12);
      scene.updateMatrixWorld();
      const world = points.map(({ layer, point }) => {
        const at = new Vector3(...point);
        const mesh = layers.get(layer)?.mesh;
        return mesh ? mesh.localToWorld(at) : at;
      });
      for (const at of world) {
        const marker = new Mesh(markerGeometry, markerMaterial);
        marker.position.copy(at);
        marker.renderOrder = 10;
        measure.add(marker);
      }
      if (world.length === 2) {
        const line = new Line(new BufferGeometry().setFromPoints(world), lineMaterial);
        line.renderOrder = 10;
        measure.add(line);
      }
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
      for (const key of [...layers.keys()]) this.removeLayer(key);
      this.setMeasurePoints([]);
      markerGeometry.dispose();
      markerMaterial.dispose();
      lineMaterial.dispose();
      renderer.dispose();
    },
  };
}

export type JawScene = ReturnType<typeof createJawScene>;

/** The distance between two picked points in millimetres (the scans' unit). */
export function distanceMm(a: PickedPoint, b: PickedPoint): number {
  return Math.hypot(a.point[0] - b.point[0], a.point[1] - b.point[1], a.point[2] - b.point[2]);
}
