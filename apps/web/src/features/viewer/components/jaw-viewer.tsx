import type { Jaw } from '@cuspid/contracts/cases';
import { Alert, Badge, Box, Card, Group, Loader, Progress, Stack, Tabs, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CreateJawRenderer,
  createWebGlRenderer,
  JAW_VIEWS,
  type JawAppearance,
  type JawView,
} from '../lib/jaw-scene';
import {
  computeDeviationInWorker,
  findQualityEdgesInWorker,
  loadMeshInWorker,
  type MeshLoader,
} from '../lib/mesh-loader';
import { type LayerPlan, resultLayerKey, scanLayerKey, type ViewerResult, type ViewerScan } from '../lib/viewer-layers';
import { DeviationLegend } from './deviation-legend';
import { JawControls } from './jaw-controls';
import { ResultsPanel } from './results-panel';
import { useClipping } from './use-clipping';
import { useFullscreen } from './use-fullscreen';
import type { JawLoad } from './use-jaw-meshes';
import { useJawScene } from './use-jaw-scene';
import { DEFAULT_APPEARANCE, type ShownLayers, shownMesh, useLayerPlans, useSceneLayers } from './use-layers';
import { useMeasure } from './use-measure';
import { useOrientation } from './use-orientation';
import { useViewerAnalyses } from './use-viewer-analyses';
import { ViewerToolbar } from './viewer-toolbar';
import { ClippingTool, MeasureTool, type QualityCounts, QualityTool } from './viewer-tools';

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
  const { scene, hasNoWebGl } = useJawScene(canvasRef, createRenderer);
  const layers = useLayerPlans({ caseId, scans, results, loadMesh });
  const { appearance, setAppearance, choice, setChoice, versions, plans, loads } = layers;
  const [isWireframe, setIsWireframe] = useState(false);
  const [isApart, setIsApart] = useState(false);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [showQuality, setShowQuality] = useState(false);
  const shown = useRef<ShownLayers>({ scene: null, meshes: new Map(), isFramed: false });
  // Before the models join the scene (useSceneLayers): they are placed and framed turned.
  const orientation = useOrientation({ scene, scans, plans, loads, shown, onChange: onOrientationChange });
  const { isReady, split } = useSceneLayers({ scene, shown, layers, scans, isWireframe });
  // After the models joined the scene: its overlays go on the meshes shown.
  const { quality, deviationSummary, isHeatmapRunning } = useViewerAnalyses({
    scene,
    meshOf: layers.meshOf,
    shownMeshOf: (key) => shown.current.meshes.get(key),
    choice,
    showQuality,
    computeDeviation,
    findQualityEdges,
  });
  const measure = useMeasure(scene);
  const { clipping, setClipping, toggle: toggleClipping } = useClipping(scene);
  const fullscreen = useFullscreen(rootRef);
  const { isFullscreen, hasFullscreenApi, isWindowFilled } = fullscreen;

  useEffect(() => {
    scene?.setApart(isApart);
  }, [scene, isApart]);

  const changeApart = (apart: boolean) => {
    // Apart, the models take more room: the view is framed again, on where they are now.
    scene?.setApart(apart);
    scene?.setView('front');
    setIsApart(apart);
  };

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
    measure.setPoints([]);
    scene?.setView('front');
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
      m: () => measure.setIsMeasuring((value) => !value),
      c: toggleClipping,
      t: toggleVersions,
      p: () => void handleScreenshot(),
      f: fullscreen.toggle,
      '?': () => setIsHelpOpen((value) => !value),
      escape: () => {
        fullscreen.leaveWindow();
        measure.setPoints([]);
        measure.setIsMeasuring(false);
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
          onFullscreen={fullscreen.toggle}
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
            {...measure.canvasHandlers}
            data-testid="jaw-viewer-canvas"
            data-measuring={measure.isMeasuring ? 'true' : 'false'}
            style={{
              // Follows the light or dark colour scheme (Mantine sets the page's color-scheme).
              background: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))',
              display: 'block',
              width: '100%',
              height: '100%',
              borderRadius: 'var(--mantine-radius-md)',
              touchAction: 'none',
              cursor: measure.isMeasuring ? 'crosshair' : undefined,
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
                    onLoadFull={() => layers.loadFull(jaw)}
                    orientation={
                      onOrientationChange && isLoaded
                        ? {
                            isCorrected: orientation.isCorrected(jaw),
                            isUncertain: orientation.isUncertain(jaw),
                            onTurn: (step) => orientation.turn(jaw, step),
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
                measuring={measure.isMeasuring}
                onMeasuringChange={measure.setIsMeasuring}
                snap={measure.snap}
                onSnapChange={measure.setSnap}
                points={measure.points}
                onClear={() => measure.setPoints([])}
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
