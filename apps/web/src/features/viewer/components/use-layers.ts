import type { Jaw } from '@cuspid/contracts/cases';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { fetchJawFile, fetchResultFile } from '../api/jaw-file';
import type { JawAppearance, JawScene } from '../lib/jaw-scene';
import type { MeshLoader } from '../lib/mesh-loader';
import type { PreparedMesh } from '../lib/mesh-messages';
import {
  type LayerPlan,
  planLayers,
  previewOf,
  resultLayerKey,
  type SourceRef,
  scanLayerKey,
  showableResults,
  type ViewerResult,
  type ViewerScan,
} from '../lib/viewer-layers';
import { NO_RESULT, type ResultChoice } from './results-panel';
import { type JawLoad, type MeshSource, useMeshSources } from './use-jaw-meshes';

// Ivory for the upper jaw, a cool grey-blue for the lower one: told apart at a glance, both read as teeth.
export const DEFAULT_APPEARANCE: Record<Jaw, JawAppearance> = {
  upper: { color: '#efe4d2', opacity: 1, visible: true },
  lower: { color: '#c5d3e3', opacity: 1, visible: true },
};
// Result versions in colours no scan has: mint for the one shown, violet for the one compared with it.
const VERSION_COLORS = { a: '#63e6be', b: '#b197fc' } as const;

/** What the scene holds: the mesh each layer shows there, and whether the first models were framed. */
export type ShownLayers = { scene: JawScene | null; meshes: Map<string, PreparedMesh>; isFramed: boolean };

function toMeshSource(caseId: string, ref: SourceRef): MeshSource {
  return {
    key: ref.key,
    fileName: ref.fileName,
    download: (signal) =>
      ref.from === 'scan' ? fetchJawFile(caseId, ref.jaw, signal) : fetchResultFile(ref.fileId, signal),
  };
}

/** The mesh a layer shows now: its own file once read, the preview until then. */
export function shownMesh(plan: LayerPlan, loads: Record<string, JawLoad>): PreparedMesh | null {
  const own = loads[plan.source.key];
  if (own?.status === 'ready') return own.mesh;
  const interim = plan.interim && loads[plan.interim.key];
  return interim?.status === 'ready' ? interim.mesh : null;
}

/**
 * The viewer's layers: the jaws' appearance, the result versions chosen, which layers the scene holds (planned
 * from the scans and results: a preview first, the full scan on demand) and their files as they load.
 */
export function useLayerPlans({
  caseId,
  scans,
  results,
  loadMesh,
}: {
  caseId: string;
  scans: readonly ViewerScan[];
  results: readonly ViewerResult[];
  loadMesh: MeshLoader;
}) {
  const [appearance, setAppearance] = useState(DEFAULT_APPEARANCE);
  const [full, setFull] = useState<ReadonlySet<Jaw>>(new Set());
  // A jaw first shown from its full scan keeps it: the engine's preview, made meanwhile, would be a step back.
  const [pinned] = useState<ReadonlySet<Jaw>>(
    () => new Set(scans.filter((scan) => !previewOf(scan, results)).map((scan) => scan.jaw)),
  );
  const [choice, setChoice] = useState<ResultChoice>(NO_RESULT);

  const versions = useMemo(() => showableResults(results), [results]);
  // Planned again only when what it follows changes: the scene follows the plan, not every render.
  const plans = useMemo(
    () =>
      planLayers({
        scans,
        results,
        full,
        pinned,
        versions: [choice.a, choice.b].filter((id): id is string => id !== null),
      }),
    [scans, results, full, pinned, choice.a, choice.b],
  );
  const sources = useMemo(() => {
    const unique = new Map<string, MeshSource>();
    for (const plan of plans) {
      for (const ref of plan.interim ? [plan.interim, plan.source] : [plan.source]) {
        if (!unique.has(ref.key)) unique.set(ref.key, toMeshSource(caseId, ref));
      }
    }
    return [...unique.values()];
  }, [caseId, plans]);
  const loads = useMeshSources(sources, loadMesh);
  const isSettled = plans.every((plan) => {
    const status = loads[plan.source.key]?.status;
    return (status !== undefined && status !== 'loading') || shownMesh(plan, loads) !== null;
  });
  const meshOf = (key: string) => {
    const plan = plans.find((candidate) => candidate.key === key);
    return plan ? shownMesh(plan, loads) : null;
  };

  const layerAppearance = (plan: LayerPlan): JawAppearance => {
    const jaw = appearance[plan.jaw];
    if (plan.key === scanLayerKey(plan.jaw)) return jaw;
    const isB = choice.b !== null && plan.key === resultLayerKey(choice.b, plan.jaw);
    const inTurn = choice.b === null || choice.mode !== 'toggle' || choice.showingB === isB;
    return { color: isB ? VERSION_COLORS.b : VERSION_COLORS.a, opacity: 1, visible: jaw.visible && inTurn };
  };

  return {
    appearance,
    setAppearance,
    /** Shows a jaw from its full scan instead of the preview. */
    loadFull: (jaw: Jaw) => setFull((current) => new Set(current).add(jaw)),
    choice,
    setChoice,
    versions,
    plans,
    loads,
    isSettled,
    meshOf,
    layerAppearance,
  };
}

/**
 * The planned layers in the scene: each model joins it once read (a preview first, then the full scan), with its
 * appearance, the wireframe and, comparing side by side, its half. The first frame with every model there is the
 * ready signal (`isReady`).
 */
export function useSceneLayers({
  scene,
  shown,
  layers,
  scans,
  isWireframe,
}: {
  scene: JawScene | null;
  shown: RefObject<ShownLayers>;
  layers: ReturnType<typeof useLayerPlans>;
  scans: readonly ViewerScan[];
  isWireframe: boolean;
}) {
  const { plans, loads, isSettled, appearance, choice } = layers;
  const [isReady, setIsReady] = useState(false);
  const layerAppearanceRef = useRef(layers.layerAppearance);
  layerAppearanceRef.current = layers.layerAppearance;
  const wireframeRef = useRef(isWireframe);
  wireframeRef.current = isWireframe;

  useEffect(() => {
    if (!scene) return;
    if (shown.current.scene !== scene) shown.current = { scene, meshes: new Map(), isFramed: false };
    const { meshes } = shown.current;
    const wanted = new Set(plans.map((plan) => plan.key));
    for (const key of [...meshes.keys()]) {
      if (wanted.has(key)) continue;
      scene.removeLayer(key);
      meshes.delete(key);
    }
    let isChanged = false;
    for (const plan of plans) {
      const mesh = shownMesh(plan, loads);
      if (!mesh || meshes.get(plan.key) === mesh) continue;
      scene.setLayer(plan.key, { jaw: plan.jaw }, mesh, layerAppearanceRef.current(plan));
      meshes.set(plan.key, mesh);
      isChanged = true;
    }
    if (isChanged) {
      scene.setWireframe(wireframeRef.current);
      // Framed on what is there until the first models are all read; later models keep the user's view.
      if (!shown.current.isFramed) scene.setView('front', false);
    }
    if (isSettled) {
      shown.current.isFramed = true;
      scene.renderNow();
      setIsReady(true);
    } else {
      setIsReady(false);
    }
  }, [scene, shown, plans, loads, isSettled]);

  const appearanceKey = JSON.stringify([appearance, choice]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the appearances follow `appearanceKey`
  useEffect(() => {
    if (!scene) return;
    for (const plan of plans) scene.setAppearance(plan.key, layerAppearanceRef.current(plan));
  }, [scene, appearanceKey, isReady]);

  useEffect(() => {
    scene?.setWireframe(isWireframe);
  }, [scene, isWireframe]);

  const split = choice.a && choice.b && choice.mode === 'side' ? { a: choice.a, b: choice.b } : null;
  const splitKey = split ? `${split.a}|${split.b}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the split follows `splitKey`
  useEffect(() => {
    if (!scene) return;
    if (!split) {
      scene.setSplit(null);
      return;
    }
    const scanKeys = scans.map((scan) => scanLayerKey(scan.jaw));
    const side = (id: string) => [...scanKeys, ...scans.map((scan) => resultLayerKey(id, scan.jaw))];
    scene.setSplit({ left: side(split.a), right: side(split.b) });
  }, [scene, splitKey, scans]);

  return { isReady, split };
}
