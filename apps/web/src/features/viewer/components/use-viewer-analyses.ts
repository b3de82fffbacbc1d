import type { Jaw } from '@cuspid/contracts/cases';
import { useEffect, useMemo, useRef } from 'react';
import { deviationColors } from '../lib/deviation-colors';
import { summarizeDeviation } from '../lib/deviation-summary';
import type { JawScene } from '../lib/jaw-scene';
import type { computeDeviationInWorker, findQualityEdgesInWorker } from '../lib/mesh-loader';
import type { DeviationResult, PreparedMesh, QualityEdges } from '../lib/mesh-messages';
import { resultLayerKey, scanLayerKey } from '../lib/viewer-layers';
import type { ResultChoice } from './results-panel';
import { meshId, useWorkerJob } from './use-worker-job';
import { BOUNDARY_EDGE_COLOR, NON_MANIFOLD_EDGE_COLOR } from './viewer-tools';

type Options = {
  scene: JawScene | null;
  /** The mesh a layer shows now (read, maybe not yet in the scene). */
  meshOf: (key: string) => PreparedMesh | null;
  /** The mesh a layer has in the scene now. */
  shownMeshOf: (key: string) => PreparedMesh | undefined;
  choice: ResultChoice;
  showQuality: boolean;
  computeDeviation: typeof computeDeviationInWorker;
  findQualityEdges: typeof findQualityEdgesInWorker;
};

/**
 * The viewer's analyses, each in a worker and once per pair of meshes: the quality edges of each scan, and the
 * deviation map of a result against its scan or of the compared version against the shown one. Their answers
 * go on the meshes in the scene; called after the models join the scene, so that the overlays follow them.
 */
export function useViewerAnalyses({
  scene,
  meshOf,
  shownMeshOf,
  choice,
  showQuality,
  computeDeviation,
  findQualityEdges,
}: Options) {
  // The quality overlay: the rims of holes and the non-manifold edges of each scan as shown.
  const upperScan = meshOf(scanLayerKey('upper'));
  const lowerScan = meshOf(scanLayerKey('lower'));
  const qualityJob = (mesh: PreparedMesh | null) => ({
    key: showQuality && mesh ? `quality:${meshId(mesh)}` : null,
    run: (signal: AbortSignal) => findQualityEdges(mesh!, { signal }),
  });
  const upperQuality = qualityJob(upperScan);
  const lowerQuality = qualityJob(lowerScan);
  const quality = {
    upper: useWorkerJob<QualityEdges>(upperQuality.key, upperQuality.run),
    lower: useWorkerJob<QualityEdges>(lowerQuality.key, lowerQuality.run),
  };

  // The deviation map: a result against its scan, or the compared version against the shown one, per jaw.
  const heatmapPair = (jaw: Jaw) => {
    if (choice.heatmap === 'off' || !choice.a) return null;
    const [measuredKey, referenceKey] =
      choice.heatmap === 'versions' && choice.b
        ? [resultLayerKey(choice.b, jaw), resultLayerKey(choice.a, jaw)]
        : [resultLayerKey(choice.a, jaw), scanLayerKey(jaw)];
    const measured = meshOf(measuredKey);
    const reference = meshOf(referenceKey);
    return measured && reference ? { layer: measuredKey, measured, reference } : null;
  };
  const deviationJob = (jaw: Jaw) => {
    const pair = heatmapPair(jaw);
    return {
      pair,
      key: pair ? `deviation:${meshId(pair.measured)}:${meshId(pair.reference)}` : null,
      run: (signal: AbortSignal) => computeDeviation(pair!.measured, pair!.reference, { signal }),
    };
  };
  const upperDeviation = deviationJob('upper');
  const lowerDeviation = deviationJob('lower');
  const deviation = {
    upper: { ...upperDeviation, state: useWorkerJob<DeviationResult>(upperDeviation.key, upperDeviation.run) },
    lower: { ...lowerDeviation, state: useWorkerJob<DeviationResult>(lowerDeviation.key, lowerDeviation.run) },
  };
  const deviationDone = [deviation.upper, deviation.lower].flatMap((job) =>
    job.pair && job.state.status === 'done' ? [{ layer: job.pair.layer, result: job.state.value }] : [],
  );
  const isHeatmapRunning = [deviation.upper, deviation.lower].some((job) => job.state.status === 'running');
  const summaryKey = [deviation.upper, deviation.lower]
    .map((job) => (job.state.status === 'done' ? job.key : ''))
    .join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the answers, named by `summaryKey`
  const deviationSummary = useMemo(() => {
    if (deviationDone.length === 0) return null;
    if (deviationDone.length === 1) return deviationDone[0]!.result.summary;
    const all = new Float32Array(deviationDone.reduce((sum, done) => sum + done.result.distances.length, 0));
    let offset = 0;
    for (const done of deviationDone) {
      all.set(done.result.distances, offset);
      offset += done.result.distances.length;
    }
    return summarizeDeviation(all);
  }, [summaryKey]);

  // Overlays follow the meshes on screen: a model read again (the full scan after its preview) gets them again.
  const appliedColors = useRef(new Map<string, { mesh: PreparedMesh; distances: Float32Array }>());
  useEffect(() => {
    if (!scene) return;
    const wanted = new Map(deviationDone.map((done) => [done.layer, done.result.distances]));
    for (const layer of [...appliedColors.current.keys()]) {
      if (wanted.has(layer)) continue;
      scene.setVertexColors(layer, null);
      appliedColors.current.delete(layer);
    }
    for (const [layer, distances] of wanted) {
      const mesh = shownMeshOf(layer);
      const applied = appliedColors.current.get(layer);
      if (!mesh || (applied?.distances === distances && applied.mesh === mesh)) continue;
      // The distances are those of another mesh than the one shown: its own map is on its way.
      if (distances.length !== mesh.vertexCount) continue;
      scene.setVertexColors(layer, deviationColors(distances));
      appliedColors.current.set(layer, { mesh, distances });
    }
  });

  const appliedEdges = useRef(new Map<string, { mesh: PreparedMesh; edges: QualityEdges }>());
  useEffect(() => {
    if (!scene) return;
    const wanted = new Map<string, QualityEdges>();
    for (const jaw of ['upper', 'lower'] as const) {
      const state = quality[jaw];
      if (state.status === 'done') wanted.set(scanLayerKey(jaw), state.value);
    }
    for (const layer of [...appliedEdges.current.keys()]) {
      if (wanted.has(layer)) continue;
      scene.setEdges(layer, []);
      appliedEdges.current.delete(layer);
    }
    for (const [layer, edges] of wanted) {
      const mesh = shownMeshOf(layer);
      const applied = appliedEdges.current.get(layer);
      if (!mesh || (applied?.edges === edges && applied.mesh === mesh)) continue;
      scene.setEdges(layer, [
        { segments: edges.boundary, color: BOUNDARY_EDGE_COLOR },
        { segments: edges.nonManifold, color: NON_MANIFOLD_EDGE_COLOR },
      ]);
      appliedEdges.current.set(layer, { mesh, edges });
    }
  });

  return { quality, deviationSummary, isHeatmapRunning };
}
