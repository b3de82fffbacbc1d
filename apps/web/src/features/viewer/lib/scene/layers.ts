import type { Jaw } from '@cuspid/contracts/cases';
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  Float32BufferAttribute,
  type Material,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  type Plane,
  type Scene,
  Sphere,
  Vector3,
} from 'three';
import type { PreparedMesh } from '../mesh-messages';

export type JawAppearance = { color: string; opacity: number; visible: boolean };

/** A model in the scene: a jaw's scan, or a result version's mesh of a jaw. */
export type LayerInfo = { jaw: Jaw };

/** A rotation, row-major 3×3: from a scan's axes to the anatomical frame the scene shows (ADR 0117). */
export type JawRotation = readonly [number, number, number, number, number, number, number, number, number];

/**
 * Drawn over a model and moving with it: shown with it, cut by the same plane. One kind per overlay (the quality
 * edges today); each kind replaces only its own objects.
 */
export type OverlayObject = Object3D & { geometry: BufferGeometry; material: Material };

type Layer = {
  jaw: Jaw;
  mesh: Mesh<BufferGeometry, MeshStandardMaterial>;
  overlays: Map<string, OverlayObject[]>;
  appearance: JawAppearance;
};

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Apart, the jaws move away from each other along the teeth's axis by this share of their height together. */
const APART_SHARE = 0.75;

const overlayObjects = (layer: Layer) => [...layer.overlays.values()].flat();

/**
 * The models of the scene by key, with what goes over each (vertex colours, overlays): placed in the anatomical
 * frame by their jaw's rotation, together or apart, coloured and made see-through each on its own.
 */
export function createLayers(scene: Scene) {
  const layers = new Map<string, Layer>();
  const rotations = new Map<Jaw, Matrix4>();
  let isApart = false;
  let clippingPlanes: Plane[] = [];

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
    for (const object of overlayObjects(layer)) object.visible = visible;
  };

  const applyClipping = (layer: Layer) => {
    layer.mesh.material.clippingPlanes = clippingPlanes;
    for (const object of overlayObjects(layer)) object.material.clippingPlanes = clippingPlanes;
  };

  /** Apart: the upper jaw's models move up and the lower jaw's down, each by half the gap. */
  const place = () => {
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
      for (const object of overlayObjects(layer)) {
        object.position.copy(layer.mesh.position);
        object.quaternion.copy(layer.mesh.quaternion);
      }
    }
  };

  const disposeOverlay = (layer: Layer, kind: string) => {
    for (const object of layer.overlays.get(kind) ?? []) {
      scene.remove(object);
      object.geometry.dispose();
      object.material.dispose();
    }
    layer.overlays.delete(kind);
  };

  const remove = (key: string) => {
    const layer = layers.get(key);
    if (!layer) return;
    scene.remove(layer.mesh);
    layer.mesh.geometry.dispose();
    layer.mesh.material.dispose();
    for (const kind of [...layer.overlays.keys()]) disposeOverlay(layer, kind);
    layers.delete(key);
  };

  return {
    /** Adds (or replaces) a model; the typed arrays become the GPU buffers as they are. */
    set(key: string, info: LayerInfo, prepared: PreparedMesh, appearance: JawAppearance) {
      remove(key);
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
      const layer: Layer = { jaw: info.jaw, mesh, overlays: new Map(), appearance };
      layers.set(key, layer);
      scene.add(mesh);
      place();
      applyAppearance(layer);
      applyClipping(layer);
    },
    has: (key: string) => layers.has(key),
    remove,
    keys: () => [...layers.keys()],
    /** The model of a layer, where it is shown. */
    mesh: (key: string) => layers.get(key)?.mesh,
    setAppearance(key: string, appearance: JawAppearance) {
      const layer = layers.get(key);
      if (!layer) return;
      layer.appearance = appearance;
      applyAppearance(layer);
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
    },
    /** Puts one kind of overlay over a model, replacing that kind's earlier objects; [] removes it. */
    setOverlay(key: string, kind: string, objects: readonly OverlayObject[]) {
      const layer = layers.get(key);
      if (!layer) {
        for (const object of objects) {
          object.geometry.dispose();
          object.material.dispose();
        }
        return;
      }
      disposeOverlay(layer, kind);
      if (objects.length > 0) layer.overlays.set(kind, [...objects]);
      for (const object of objects) scene.add(object);
      place();
      applyAppearance(layer);
      applyClipping(layer);
    },
    setWireframe(wireframe: boolean) {
      for (const { mesh } of layers.values()) mesh.material.wireframe = wireframe;
    },
    /** A jaw's rotation into the anatomical frame (row-major 3×3), or null for the scan's own axes. */
    setJawRotation(jaw: Jaw, rotation: JawRotation | null) {
      if (rotation) {
        const [a, b, c, d, e, f, g, h, i] = rotation;
        rotations.set(jaw, new Matrix4().set(a, b, c, 0, d, e, f, 0, g, h, i, 0, 0, 0, 0, 1));
      } else {
        rotations.delete(jaw);
      }
      place();
    },
    /** Together in their scanned positions (occlusion), or apart along the teeth's axis. */
    setApart(apart: boolean) {
      isApart = apart;
      place();
    },
    /** The planes that cut every model and overlay (none: []). */
    setClippingPlanes(planes: Plane[]) {
      clippingPlanes = planes;
      for (const layer of layers.values()) applyClipping(layer);
    },
    /** The box around every loaded model where it is shown (apart or together), shown or hidden. */
    bounds() {
      const box = new Box3();
      for (const { mesh } of layers.values()) {
        const own = mesh.geometry.boundingBox;
        mesh.updateMatrix();
        if (own) box.union(own.clone().applyMatrix4(mesh.matrix));
      }
      return box;
    },
    /** The models shown, of the layers `only` names (all without it): what a click can hit. */
    shownMeshes(only?: ReadonlySet<string>): Mesh[] {
      return [...layers]
        .filter(([key, layer]) => layer.mesh.visible && (!only || only.has(key)))
        .map(([, layer]) => layer.mesh);
    },
    /** Draws with only the layers `only` names shown (one half of a side-by-side picture), then as before. */
    withOnly(only: ReadonlySet<string>, draw: () => void) {
      const shown = new Map<string, boolean>();
      for (const [key, layer] of layers) {
        shown.set(key, layer.mesh.visible);
        layer.mesh.visible = layer.mesh.visible && only.has(key);
        for (const object of overlayObjects(layer)) object.visible = layer.mesh.visible;
      }
      draw();
      for (const [key, layer] of layers) {
        layer.mesh.visible = shown.get(key) ?? true;
        for (const object of overlayObjects(layer)) object.visible = layer.mesh.visible;
      }
    },
    dispose() {
      for (const key of [...layers.keys()]) remove(key);
    },
  };
}

export type SceneLayers = ReturnType<typeof createLayers>;
