// The page and the worker of `npm run bench -- viewer` (one bundle, built by bench/viewer.ts with esbuild): in a
// worker it runs the web viewer's own `prepareMesh`; on the page it exposes `runViewerBench`, which the bench calls.
import { parseMesh } from '@cuspid/mesh';
import * as THREE from 'three';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';
import type { MeshReady, MeshRequest, MeshResponse } from '../../apps/web/src/features/viewer/lib/mesh-messages';
import { prepareMesh } from '../../apps/web/src/features/viewer/lib/prepare-mesh';
import type { ViewerResult } from '../viewer';

const isWorker = typeof (globalThis as { document?: unknown }).document === 'undefined';

if (isWorker) {
  const scope = globalThis as unknown as {
    onmessage: ((event: MessageEvent<MeshRequest>) => void) | null;
    postMessage(message: MeshResponse, transfer: Transferable[]): void;
  };
  scope.onmessage = (event) => prepareMesh(event.data, (message, transfer) => scope.postMessage(message, transfer));
} else {
  let worker: Worker | undefined;
  let nextId = 1;

  const inWorker = (buffer: ArrayBuffer): Promise<MeshReady> => {
    worker ??= new Worker(new URL(import.meta.url), { type: 'module' });
    const w = worker;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      w.onmessage = (event: MessageEvent<MeshResponse>) => {
        const m = event.data;
        if (m.id !== id) return;
        if (m.type === 'mesh') resolve(m);
        else if (m.type === 'error') reject(new Error(`${m.code}: ${m.message}`));
      };
      w.onerror = (event) => reject(new Error(event.message));
      w.postMessage({ id, buffer, fileName: 'bench.stl' } satisfies MeshRequest, [buffer]);
    });
  };

  const threeSteps = (buffer: ArrayBuffer) => {
    const t0 = performance.now();
    const geometry = new STLLoader().parse(buffer);
    const t1 = performance.now();
    geometry.deleteAttribute('normal');
    const merged = mergeVertices(geometry);
    const t2 = performance.now();
    merged.computeVertexNormals();
    const t3 = performance.now();
    return { merged, parse: t1 - t0, weld: t2 - t1, normals: t3 - t2 };
  };

  /** Renders the geometry once and reads a pixel back, which waits until the frame is drawn. */
  const drawOnce = (renderer: THREE.WebGLRenderer, geometry: THREE.BufferGeometry): void => {
    const scene = new THREE.Scene();
    scene.background = new THREE.Color(0x202020);
    scene.add(new THREE.AmbientLight(0xffffff, 0.5));
    const light = new THREE.DirectionalLight(0xffffff, 2);
    light.position.set(1, 1, 2);
    scene.add(light);
    const mesh = new THREE.Mesh(geometry, new THREE.MeshStandardMaterial({ color: 0xf2e8dc, roughness: 0.6 }));
    scene.add(mesh);
    geometry.computeBoundingSphere();
    const sphere = geometry.boundingSphere ?? new THREE.Sphere(new THREE.Vector3(), 1);
    const camera = new THREE.PerspectiveCamera(45, 640 / 480, sphere.radius / 100, sphere.radius * 10);
    camera.position.copy(sphere.center).add(new THREE.Vector3(0, 0, sphere.radius * 2.5));
    camera.lookAt(sphere.center);
    renderer.render(scene, camera);
    const gl = renderer.getContext();
    const pixel = new Uint8Array(4);
    gl.readPixels(320, 240, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  };

  /** Pixels of the last frame that are not the background (read after the clock stops, in the same task). */
  const meshPixels = (renderer: THREE.WebGLRenderer): number => {
    const gl = renderer.getContext();
    const all = new Uint8Array(640 * 480 * 4);
    gl.readPixels(0, 0, 640, 480, gl.RGBA, gl.UNSIGNED_BYTE, all);
    let count = 0;
    for (let i = 0; i < all.length; i += 4) if (all[i] !== 0x20 || all[i + 1] !== 0x20 || all[i + 2] !== 0x20) count++;
    return count;
  };

  const newRenderer = () => {
    const canvas = document.createElement('canvas');
    document.body.append(canvas);
    const renderer = new THREE.WebGLRenderer({ canvas, antialias: false });
    renderer.setSize(640, 480, false);
    return renderer;
  };
  const dropRenderer = (renderer: THREE.WebGLRenderer, geometry?: THREE.BufferGeometry) => {
    geometry?.dispose();
    renderer.dispose();
    renderer.forceContextLoss();
    renderer.domElement.remove();
  };

  (window as unknown as { runViewerBench: unknown }).runViewerBench = async (
    url: string,
    runs: number,
    withThree: boolean,
  ): Promise<ViewerResult> => {
    const errors: string[] = [];
    const f0 = performance.now();
    const original = await (await fetch(url)).arrayBuffer();
    const fetchMs = performance.now() - f0;
    const result: ViewerResult = {
      bytes: original.byteLength,
      fetchMs,
      runs: [],
      firstFrame: Number.NaN,
      threeFirstFrame: null,
      meshPixels: 0,
      errors,
    };

    // First frame first (a fresh renderer, created before the clock starts; shader compilation is counted).
    {
      const buffer = original.slice(0);
      const renderer = newRenderer();
      const t0 = performance.now();
      const m = await inWorker(buffer);
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.BufferAttribute(m.positions, 3));
      geometry.setAttribute('normal', new THREE.BufferAttribute(m.normals, 3));
      geometry.setIndex(new THREE.BufferAttribute(m.indices, 1));
      drawOnce(renderer, geometry);
      result.firstFrame = performance.now() - t0;
      result.meshPixels = meshPixels(renderer);
      dropRenderer(renderer, geometry);
    }
    if (withThree) {
      try {
        const buffer = original.slice(0);
        const renderer = newRenderer();
        const t0 = performance.now();
        const { merged } = threeSteps(buffer);
        drawOnce(renderer, merged);
        result.threeFirstFrame = performance.now() - t0;
        dropRenderer(renderer, merged);
      } catch (error) {
        errors.push(`three.js first frame: ${String(error)}`);
      }
    }

    // One warm-up run (discarded), as in bench/mesh.ts: the main thread's parseMesh and STLLoader start cold.
    for (let run = -1; run < runs; run++) {
      const copy = original.slice(0);
      const t0 = performance.now();
      const m = await inWorker(copy);
      const workerMs = performance.now() - t0;

      const p0 = performance.now();
      const soup = parseMesh(original);
      const plainParse = performance.now() - p0;

      let threeParse = Number.NaN;
      let threeWeld = Number.NaN;
      let threeNormals = Number.NaN;
      let threeVertices = 0;
      if (withThree) {
        try {
          const t = threeSteps(original);
          threeParse = t.parse;
          threeWeld = t.weld;
          threeNormals = t.normals;
          threeVertices = t.merged.getAttribute('position').count;
          t.merged.dispose();
        } catch (error) {
          errors.push(`three.js run ${run}: ${String(error)}`);
        }
      }
      if (run >= 0)
        result.runs.push({
          worker: workerMs,
          threeParse,
          threeWeld,
          threeNormals,
          plainParse,
          vertices: m.vertexCount,
          threeVertices,
        });
      void soup;
    }
    return result;
  };
}
