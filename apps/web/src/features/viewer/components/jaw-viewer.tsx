import type { Jaw } from '@cuspid/contracts/cases';
import type { OrientationStep } from '@cuspid/mesh';
import { Alert, Badge, Box, Card, Group, Loader, Progress, Stack, Tabs, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchJawFile, fetchResultFile } from '../api/jaw-file';
import { type DetectedFrame, jawRotations, turnOrientation } from '../lib/jaw-orientation';
import {
  type Clipping,
  type CreateJawRenderer,
  createJawScene,
  createWebGlRenderer,
  JAW_VIEWS,
  type JawAppearance,
  type JawScene,
  type JawView,
  type PickedPoint,
  WebGlUnavailableError,
} from '../lib/jaw-scene';
import {
  computeDeviationInWorker,
  findQualityEdgesInWorker,
  loadMeshInWorker,
  type MeshLoader,
} from '../lib/mesh-loader';
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
import { DeviationLegend } from './deviation-legend';
import { JawControls } from './jaw-controls';
import { NO_RESULT, type ResultChoice, ResultsPanel } from './results-panel';
import { type JawLoad, type MeshSource, useMeshSources } from './use-jaw-meshes';
import { useViewerAnalyses } from './use-viewer-analyses';
import { ViewerToolbar } from './viewer-toolbar';
import { ClippingTool, DEFAULT_CLIPPING, MeasureTool, type QualityCounts, QualityTool } from './viewer-tools';

// Ivory for the upper jaw, a cool grey-blue for the lower one: told apart at a glance, both read as teeth.
const DEFAULT_APPEARANCE: Record<Jaw, JawAppearance> = {
  upper: { color: '#efe4d2', opacity: 1, visible: true },
  lower: { color: '#c5d3e3', opacity: 1, visible: true },
};
// Result versions in colours no scan has: mint for the one shown, violet for the one compared with it.
const VERSION_COLORS = { a: '#63e6be', b: '#b197fc' } as const;

// An occlusal view shows the biting surface of one jaw: the other one would stand in the way.
const VIEW_SHOWS: Partial<Record<JawView, Jaw>> = { occlusalUpper: 'upper', occlusalLower: 'lower' };

export type JawViewerProps = {
  caseId: string;
  /** The jaws to show, with their files' names (a hint for the format) and sizes. */
  scans: readonly ViewerScan[];
  /** The case's result versions: their meshes can be shown over the scans, their previews open first. */
  results?: readonly ViewerResult[];
  /** How scans are read: in a Web Worker in the app. */
  loadMesh?: MeshLoader;
  /** How the picture is drawn: WebGL in the app. */
  createRenderer?: CreateJawRenderer;
  /** How the deviation map is measured: in a Web Worker in the app. */
  computeDeviation?: typeof computeDeviationInWorker;
  /** How holes and non-manifold edges are found: in a Web Worker in the app. */
  findQualityEdges?: typeof findQualityEdgesInWorker;
  /**
   * Saves a jaw's correction of its detected anatomical frame (a code 0…23, ADR 0117); without it, the scans
   * cannot be turned (the user may not edit the case).
   */
  onOrientationChange?: (jaw: Jaw, orientation: number) => void;
};

const NO_RESULTS: readonly ViewerResult[] = [];

function LoadProgress({ label, load }: { label: string; load: Extract<JawLoad, { status: 'loading' }> }) {
  const { t } = useTranslation('viewer');
  const percent = Math.round((load.fraction ?? 0) * 100);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {load.fraction === null ? t('downloading', { jaw: label }) : t('reading', { jaw: label, percent })}
      </Text>
      <Progress.Root size="sm">
        <Progress.Section
          value={load.fraction === null ? 100 : percent}
          striped={load.fraction === null}
          animated={load.fraction === null}
          aria-label={t('progress', { jaw: label })}
        />
      </Progress.Root>
    </Stack>
  );
}

function toMeshSource(caseId: string, ref: SourceRef): MeshSource {
  return {
    key: ref.key,
    fileName: ref.fileName,
    download: (signal) =>
      ref.from === 'scan' ? fetchJawFile(caseId, ref.jaw, signal) : fetchResultFile(ref.fileId, signal),
  };
}

/** The mesh a layer shows now: its own file once read, the preview until then. */
function shownMesh(plan: LayerPlan, loads: Record<string, JawLoad>): PreparedMesh | null {
  const own = loads[plan.source.key];
  if (own?.status === 'ready') return own.mesh;
  const interim = plan.interim && loads[plan.interim.key];
  return interim?.status === 'ready' ? interim.mesh : null;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) &&
    (target as HTMLInputElement).type !== 'checkbox'
  );
}

/**
 * The 3D preview of a case: upper and lower jaw in their scanned positions or apart, each shown or hidden,
 * coloured and made see-through on its own; result versions over the scans, compared side by side or in turn;
 * standard views, orbit, pan and zoom, wireframe, full screen; measuring, a cross-section and a PNG screenshot.
 */
export function JawViewer({
  caseId,
  scans,
  results = NO_RESULTS,
  loadMesh = loadMeshInWorker,
  createRenderer = createWebGlRenderer,
  computeDeviation = computeDeviationInWorker,
  findQualityEdges = findQualityEdgesInWorker,
  onOrientationChange,
}: JawViewerProps) {
  const { t } = useTranslation('viewer');
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [scene, setScene] = useState<JawScene | null>(null);
  const [hasNoWebGl, setHasNoWebGl] = useState(false);
  const [appearance, setAppearance] = useState(DEFAULT_APPEARANCE);
  const [isWireframe, setIsWireframe] = useState(false);
  const [isApart, setIsApart] = useState(false);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [full, setFull] = useState<ReadonlySet<Jaw>>(new Set());
  // A jaw first shown from its full scan keeps it: the engine's preview, made meanwhile, would be a step back.
  const [pinned] = useState<ReadonlySet<Jaw>>(
    () => new Set(scans.filter((scan) => !previewOf(scan, results)).map((scan) => scan.jaw)),
  );
  const [choice, setChoice] = useState<ResultChoice>(NO_RESULT);
  const [isMeasuring, setIsMeasuring] = useState(false);
  const [snap, setSnap] = useState(true);
  const [points, setPoints] = useState<PickedPoint[]>([]);
  const [clipping, setClipping] = useState<Clipping | null>(null);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [showQuality, setShowQuality] = useState(false);
  const pointerDown = useRef<{ x: number; y: number } | null>(null);
  // The corrections as saved on the case, changed here at once when the user turns a jaw (saved meanwhile).
  const savedOrientations = scans.map((scan) => `${scan.jaw}:${scan.orientation ?? 0}`).join(',');
  const [corrections, setCorrections] = useState<Partial<Record<Jaw, number>>>(() =>
    Object.fromEntries(scans.map((scan) => [scan.jaw, scan.orientation ?? 0])),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the saved codes, named by `savedOrientations`
  useEffect(() => {
    setCorrections(Object.fromEntries(scans.map((scan) => [scan.jaw, scan.orientation ?? 0])));
  }, [savedOrientations]);

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

  // Each jaw's anatomical frame, as the mesh worker found it in the first of its files shown (the preview or the
  // scan): kept, so that the full scan replacing the preview does not move the jaw by a degree.
  const detectedRef = useRef<Partial<Record<Jaw, DetectedFrame>>>({});
  for (const { jaw } of scans) {
    const plan = plans.find((candidate) => candidate.key === scanLayerKey(jaw));
    const frame = plan ? shownMesh(plan, loads)?.frame : undefined;
    if (frame && !detectedRef.current[jaw]) detectedRef.current[jaw] = frame;
  }
  const detected = detectedRef.current;
  const rotations = jawRotations(detected, corrections);
  const rotationsKey = JSON.stringify(rotations);
  const correctionsKey = JSON.stringify(corrections);
  const lastCorrections = useRef<string | null>(null);

  // Before the models join the scene (the next effect): they are placed and framed turned.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rotations follow `rotationsKey`
  useEffect(() => {
    if (!scene) return;
    for (const jaw of ['upper', 'lower'] as const) scene.setJawRotation(jaw, rotations[jaw] ?? null);
    // Turned by the user after the first frame: seen from the front again, framed on where the jaws are now.
    const isTurned = lastCorrections.current !== null && lastCorrections.current !== correctionsKey;
    if (isTurned && shown.current.isFramed) scene.setView('front', false);
    lastCorrections.current = correctionsKey;
  }, [scene, rotationsKey, correctionsKey]);

  const turnJaw = (jaw: Jaw, step: OrientationStep | 'reset') => {
    const next = step === 'reset' ? 0 : turnOrientation(corrections[jaw] ?? 0, step);
    setCorrections((current) => ({ ...current, [jaw]: next }));
    onOrientationChange?.(jaw, next);
  };

  const [isReady, setIsReady] = useState(false);
  const shown = useRef<{ scene: JawScene | null; meshes: Map<string, PreparedMesh>; isFramed: boolean }>({
    scene: null,
    meshes: new Map(),
    isFramed: false,
  });

  const layerAppearance = (plan: LayerPlan): JawAppearance => {
    const jaw = appearance[plan.jaw];
    if (plan.key === scanLayerKey(plan.jaw)) return jaw;
    const isB = choice.b !== null && plan.key === resultLayerKey(choice.b, plan.jaw);
    const inTurn = choice.b === null || choice.mode !== 'toggle' || choice.showingB === isB;
    return { color: isB ? VERSION_COLORS.b : VERSION_COLORS.a, opacity: 1, visible: jaw.visible && inTurn };
  };
  const layerAppearanceRef = useRef(layerAppearance);
  layerAppearanceRef.current = layerAppearance;
  const wireframeRef = useRef(isWireframe);
  wireframeRef.current = isWireframe;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let created: JawScene;
    try {
      created = createJawScene(canvas, createRenderer);
    } catch (error) {
      if (!(error instanceof WebGlUnavailableError)) console.error('The 3D preview could not start', error);
      setHasNoWebGl(true);
      return;
    }
    const resize = () => created.resize(canvas.clientWidth, canvas.clientHeight);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(canvas);
    resize();
    setScene(created);
    return () => {
      observer?.disconnect();
      created.dispose();
      setScene(null);
    };
  }, [createRenderer]);

  // Each model joins the scene once read (a preview first, then the full scan); the first frame with every
  // model there is the ready signal.
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
  }, [scene, plans, loads, isSettled]);

  // After the models joined the scene: its overlays go on the meshes shown.
  const { quality, deviationSummary, isHeatmapRunning } = useViewerAnalyses({
    scene,
    meshOf,
    shownMeshOf: (key) => shown.current.meshes.get(key),
    choice,
    showQuality,
    computeDeviation,
    findQualityEdges,
  });

  const appearanceKey = JSON.stringify([appearance, choice]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the appearances follow `appearanceKey`
  useEffect(() => {
    if (!scene) return;
    for (const plan of plans) scene.setAppearance(plan.key, layerAppearanceRef.current(plan));
  }, [scene, appearanceKey, isReady]);

  useEffect(() => {
    scene?.setWireframe(isWireframe);
  }, [scene, isWireframe]);

  useEffect(() => {
    scene?.setApart(isApart);
  }, [scene, isApart]);

  const changeApart = (apart: boolean) => {
    // Apart, the models take more room: the view is framed again, on where they are now.
    scene?.setApart(apart);
    scene?.setView('front');
    setIsApart(apart);
  };

  useEffect(() => {
    scene?.setClipping(clipping);
  }, [scene, clipping]);

  useEffect(() => {
    scene?.setMeasurePoints(points);
  }, [scene, points]);

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

  useEffect(() => {
    const handleChange = () => setIsFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, []);

  const changeJaw = (jaw: Jaw, change: Partial<JawAppearance>) =>
    setAppearance((current) => ({ ...current, [jaw]: { ...current[jaw], ...change } }));

  const handleView = (view: JawView) => {
    const only = VIEW_SHOWS[view];
    if (only) {
      setAppearance((current) => ({
        upper: { ...current.upper, visible: only === 'upper' },
        lower: { ...current.lower, visible: only === 'lower' },
      }));
    }
    scene?.setView(view);
  };

  const handleReset = () => {
    setAppearance(DEFAULT_APPEARANCE);
    setIsWireframe(false);
    setIsApart(false);
    scene?.setApart(false);
    setClipping(null);
    setPoints([]);
    scene?.setView('front');
  };

  // Where the Fullscreen API is missing or refused (iPhone Safari, some embedded browsers), the viewer covers
  // the window instead.
  const hasFullscreenApi = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const isWindowFilled = isFullscreen && !hasFullscreenApi;
  const handleFullscreen = () => {
    if (!hasFullscreenApi) setIsFullscreen((value) => !value);
    else if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen();
  };

  const handleScreenshot = async () => {
    const blob = await scene?.toPng();
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `case-${caseId.slice(0, 8)}-3d.png`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const toggleVersions = () => {
    if (choice.b) setChoice((current) => ({ ...current, mode: 'toggle', showingB: !current.showingB }));
  };

  // Shortcuts anywhere in the viewer, except while typing in one of its fields (the list is in the help).
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const view = JAW_VIEWS[Number(event.key) - 1];
    const actions: Record<string, () => void> = {
      r: handleReset,
      w: () => setIsWireframe((value) => !value),
      a: () => changeApart(!isApart),
      m: () => setIsMeasuring((value) => !value),
      c: () => setClipping((value) => (value ? null : DEFAULT_CLIPPING)),
      t: toggleVersions,
      p: () => void handleScreenshot(),
      f: handleFullscreen,
      '?': () => setIsHelpOpen((value) => !value),
      escape: () => {
        if (isWindowFilled) setIsFullscreen(false);
        setPoints([]);
        setIsMeasuring(false);
        setIsHelpOpen(false);
      },
    };
    const action = view && /^[1-5]$/.test(event.key) ? () => handleView(view) : actions[event.key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const handleCanvasKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (event.key === '+' || event.key === '=') scene?.zoom(1.15);
    else if (event.key === '-') scene?.zoom(1 / 1.15);
    else return;
    event.preventDefault();
  };

  // A click (not a drag, which turns the view) picks a point while measuring; a third click starts anew.
  const handlePointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const down = pointerDown.current;
    pointerDown.current = null;
    if (!isMeasuring || !scene || !down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > 4) return;
    const picked = scene.pick(event.clientX, event.clientY, snap);
    if (picked) setPoints((current) => (current.length >= 2 ? [picked] : [...current, picked]));
  };

  const qualityCounts: QualityCounts[] = scans.map((scan) => {
    const state = quality[scan.jaw];
    return {
      jaw: scan.jaw,
      shown:
        state.status === 'done'
          ? { boundary: state.value.boundaryCount, nonManifold: state.value.nonManifoldCount }
          : null,
      reported: scan.quality ? { holes: scan.quality.holes, nonManifold: scan.quality.non_manifold_edges } : null,
      isRunning: state.status === 'running',
    };
  });

  const planLabel = (plan: LayerPlan) => {
    const jawName = t(`jaw.${plan.jaw}`);
    if (plan.key === scanLayerKey(plan.jaw)) return jawName;
    const version = results.find((result) => plan.key === resultLayerKey(result.id, plan.jaw))?.version;
    return t('results.layer', { version, jaw: jawName });
  };

  return (
    <Card
      ref={rootRef}
      withBorder
      radius="lg"
      padding="md"
      data-testid="jaw-viewer"
      data-ready={isReady ? 'true' : 'false'}
      role="region"
      aria-label={t('title')}
      h={isFullscreen ? '100vh' : undefined}
      style={{
        display: 'flex',
        flexDirection: 'column',
        ...(isWindowFilled && { position: 'fixed', inset: 0, zIndex: 400, borderRadius: 0 }),
      }}
      data-fullscreen={isFullscreen ? (hasFullscreenApi ? 'api' : 'window') : undefined}
      onKeyDown={handleKeyDown}
    >
      <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
        <ViewerToolbar
          isSceneReady={scene !== null}
          isPictureReady={isReady && !hasNoWebGl}
          onView={handleView}
          isWireframe={isWireframe}
          onWireframeChange={setIsWireframe}
          isApart={scans.length > 1 ? isApart : null}
          onApartChange={changeApart}
          onReset={handleReset}
          onScreenshot={() => void handleScreenshot()}
          isFullscreen={isFullscreen}
          onFullscreen={handleFullscreen}
          isHelpOpen={isHelpOpen}
          onHelpChange={setIsHelpOpen}
        />
        {hasNoWebGl && (
          <Alert color="orange" data-testid="jaw-viewer-no-webgl">
            {t('noWebGl')}
          </Alert>
        )}
        {plans.map((plan) => {
          const load = loads[plan.source.key];
          const label = planLabel(plan);
          // While the full scan loads, its preview is on screen: the progress is that of the full scan.
          if (load?.status === 'loading') return <LoadProgress key={plan.key} label={label} load={load} />;
          if (load?.status === 'error') {
            return (
              <Alert
                key={plan.key}
                color="red"
                title={t('readFailed', { jaw: label })}
                data-testid={plan.key === scanLayerKey(plan.jaw) ? `jaw-error-${plan.jaw}` : `jaw-error-${plan.key}`}
              >
                {t(`problem.${load.problem}`)}
              </Alert>
            );
          }
          return null;
        })}
        <Box
          pos="relative"
          h={isFullscreen ? undefined : 480}
          style={{ flex: isFullscreen ? 1 : undefined, minHeight: 0 }}
        >
          <canvas
            ref={canvasRef}
            // Focusable: arrow keys pan, with Shift they rotate, + and − zoom.
            tabIndex={0}
            role="img"
            aria-label={t('canvas')}
            onKeyDown={handleCanvasKeyDown}
            onPointerDown={(event) => {
              pointerDown.current = { x: event.clientX, y: event.clientY };
            }}
            onPointerUp={handlePointerUp}
            data-testid="jaw-viewer-canvas"
            data-measuring={isMeasuring ? 'true' : 'false'}
            style={{
              // Follows the light or dark colour scheme (Mantine sets the page's color-scheme).
              background: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))',
              display: 'block',
              width: '100%',
              height: '100%',
              borderRadius: 'var(--mantine-radius-md)',
              touchAction: 'none',
              cursor: isMeasuring ? 'crosshair' : undefined,
            }}
          />
          {split && (
            <>
              {(['a', 'b'] as const).map((half) => (
                <Badge
                  key={half}
                  pos="absolute"
                  top={8}
                  left={half === 'a' ? 8 : 'calc(50% + 8px)'}
                  variant="filled"
                  color={half === 'a' ? 'teal' : 'violet'}
                  style={{ pointerEvents: 'none' }}
                  data-testid={`jaw-split-label-${half === 'a' ? 'left' : 'right'}`}
                >
                  {t('results.version', { version: versions.find((r) => r.id === split[half])?.version ?? '?' })}
                </Badge>
              ))}
              <Box
                pos="absolute"
                top={0}
                bottom={0}
                left="50%"
                w={1}
                bg="var(--mantine-color-default-border)"
                style={{ pointerEvents: 'none' }}
                aria-hidden
              />
            </>
          )}
          {choice.heatmap !== 'off' && (
            <Card
              pos="absolute"
              top={8}
              right={8}
              padding="xs"
              radius="md"
              withBorder
              style={{ opacity: 0.94 }}
              data-testid="jaw-heatmap-overlay"
            >
              {deviationSummary ? (
                <DeviationLegend summary={deviationSummary} />
              ) : (
                <Group gap={6}>
                  <Loader size="xs" />
                  <Text size="xs">{isHeatmapRunning ? t('results.heatmapRunning') : t('results.heatmapWaiting')}</Text>
                </Group>
              )}
            </Card>
          )}
        </Box>
        <Tabs defaultValue="jaws" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="jaws">{t('tabs.jaws')}</Tabs.Tab>
            {versions.length > 0 && <Tabs.Tab value="results">{t('tabs.results')}</Tabs.Tab>}
            <Tabs.Tab value="tools" data-testid="jaw-tab-tools">
              {t('tabs.tools')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="jaws" pt="sm">
            <Group gap="xl" align="flex-start">
              {scans.map(({ jaw }) => {
                const plan = plans.find((candidate) => candidate.key === scanLayerKey(jaw));
                const isLoaded = plan !== undefined && shownMesh(plan, loads) !== null;
                const isPreview = plan?.source.from === 'result-file';
                return (
                  <JawControls
                    key={jaw}
                    jaw={jaw}
                    appearance={appearance[jaw]}
                    isLoaded={isLoaded}
                    isPreview={isPreview}
                    onChange={(change) => changeJaw(jaw, change)}
                    onLoadFull={() => setFull((current) => new Set(current).add(jaw))}
                    orientation={
                      onOrientationChange && isLoaded
                        ? {
                            isCorrected: (corrections[jaw] ?? 0) !== 0,
                            isUncertain: (detected[jaw]?.confidence ?? 1) < 0.3,
                            onTurn: (step) => turnJaw(jaw, step),
                          }
                        : undefined
                    }
                  />
                );
              })}
            </Group>
          </Tabs.Panel>
          {versions.length > 0 && (
            <Tabs.Panel value="results" pt="sm">
              <ResultsPanel results={versions} choice={choice} onChange={setChoice} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="tools" pt="sm">
            <Group gap="xl" align="flex-start">
              <MeasureTool
                measuring={isMeasuring}
                onMeasuringChange={setIsMeasuring}
                snap={snap}
                onSnapChange={setSnap}
                points={points}
                onClear={() => setPoints([])}
              />
              <ClippingTool clipping={clipping} onChange={setClipping} />
              <QualityTool enabled={showQuality} onChange={setShowQuality} counts={qualityCounts} />
            </Group>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
