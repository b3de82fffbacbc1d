import type { Jaw } from '@cuspid/contracts/cases';
import { Alert, Box, Button, Card, ColorInput, Group, Progress, Slider, Stack, Switch, Text } from '@mantine/core';
import { IconFocusCentered, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CreateJawRenderer,
  createJawScene,
  createWebGlRenderer,
  JAW_VIEWS,
  type JawAppearance,
  type JawScene,
  type JawView,
  WebGlUnavailableError,
} from '../lib/jaw-scene';
import { loadMeshInWorker, type MeshLoader } from '../lib/mesh-loader';
import type { PreparedMesh } from '../lib/mesh-messages';
import { type JawLoad, type JawScan, useJawMeshes } from './use-jaw-meshes';

// Ivory for the upper jaw, a cool grey-blue for the lower one: told apart at a glance, both read as teeth.
const DEFAULT_APPEARANCE: Record<Jaw, JawAppearance> = {
  upper: { color: '#efe4d2', opacity: 1, visible: true },
  lower: { color: '#c5d3e3', opacity: 1, visible: true },
};

// An occlusal view shows the biting surface of one jaw: the other one would stand in the way.
const VIEW_SHOWS: Partial<Record<JawView, Jaw>> = { occlusalUpper: 'upper', occlusalLower: 'lower' };

export type JawViewerProps = {
  caseId: string;
  /** The jaws to show, with their files' names (a hint for the format). */
  scans: readonly JawScan[];
  /** How scans are read: in a Web Worker in the app. */
  loadMesh?: MeshLoader;
  /** How the picture is drawn: WebGL in the app. */
  createRenderer?: CreateJawRenderer;
};

function JawProgress({ jaw, load }: { jaw: Jaw; load: Extract<JawLoad, { status: 'loading' }> }) {
  const { t } = useTranslation('viewer');
  const jawName = t(`jaw.${jaw}`);
  const percent = Math.round((load.fraction ?? 0) * 100);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {load.fraction === null ? t('downloading', { jaw: jawName }) : t('reading', { jaw: jawName, percent })}
      </Text>
      <Progress.Root size="sm">
        <Progress.Section
          value={load.fraction === null ? 100 : percent}
          striped={load.fraction === null}
          animated={load.fraction === null}
          aria-label={t('progress', { jaw: jawName })}
        />
      </Progress.Root>
    </Stack>
  );
}

/**
 * The 3D preview of a case's jaws: upper and lower jaw together in their scanned positions, each shown or hidden,
 * coloured and made see-through on its own; standard views, orbit, pan and zoom, wireframe and full screen.
 */
export function JawViewer({
  caseId,
  scans,
  loadMesh = loadMeshInWorker,
  createRenderer = createWebGlRenderer,
}: JawViewerProps) {
  const { t } = useTranslation('viewer');
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [scene, setScene] = useState<JawScene | null>(null);
  const [hasNoWebGl, setHasNoWebGl] = useState(false);
  const [appearance, setAppearance] = useState(DEFAULT_APPEARANCE);
  const [isWireframe, setIsWireframe] = useState(false);
  const [isReady, setIsReady] = useState(false);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const loads = useJawMeshes(caseId, scans, loadMesh);
  const jaws = scans.map((scan) => scan.jaw);
  const isSettled = jaws.every((jaw) => loads[jaw] && loads[jaw].status !== 'loading');
  const shown = useRef<{ scene: JawScene | null; meshes: Map<Jaw, PreparedMesh> }>({ scene: null, meshes: new Map() });
  const appearanceRef = useRef(appearance);
  appearanceRef.current = appearance;
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

  // Each jaw joins the scene once read; the first frame with every jaw there is the ready signal.
  useEffect(() => {
    if (!scene) return;
    if (shown.current.scene !== scene) shown.current = { scene, meshes: new Map() };
    let isChanged = false;
    for (const [jaw, load] of Object.entries(loads) as [Jaw, JawLoad][]) {
      if (load.status !== 'ready' || shown.current.meshes.get(jaw) === load.mesh) continue;
      scene.setJaw(jaw, load.mesh, appearanceRef.current[jaw]);
      shown.current.meshes.set(jaw, load.mesh);
      isChanged = true;
    }
    if (isChanged) {
      scene.setWireframe(wireframeRef.current);
      scene.setView('front', false);
    }
    if (isSettled) {
      scene.renderNow();
      setIsReady(true);
    } else {
      setIsReady(false);
    }
  }, [scene, loads, isSettled]);

  useEffect(() => {
    if (!scene) return;
    for (const jaw of Object.keys(appearance) as Jaw[]) scene.setAppearance(jaw, appearance[jaw]);
  }, [scene, appearance]);

  useEffect(() => {
    scene?.setWireframe(isWireframe);
  }, [scene, isWireframe]);

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
    scene?.setView('front');
  };

  const handleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (event.key === '+' || event.key === '=') scene?.zoom(1.15);
    else if (event.key === '-') scene?.zoom(1 / 1.15);
    else return;
    event.preventDefault();
  };

  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;

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
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
        <Group justify="space-between" gap="xs">
          <Group gap={6} role="group" aria-label={t('views.label')}>
            {JAW_VIEWS.map((view) => (
              <Button
                key={view}
                size="compact-sm"
                variant="default"
                onClick={() => handleView(view)}
                disabled={!scene}
                data-testid={`jaw-view-${view}`}
              >
                {t(`views.${view}`)}
              </Button>
            ))}
          </Group>
          <Group gap={6}>
            <Switch
              size="sm"
              label={t('wireframe')}
              checked={isWireframe}
              onChange={(event) => setIsWireframe(event.currentTarget.checked)}
              data-testid="jaw-wireframe"
            />
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconFocusCentered size={14} aria-hidden />}
              onClick={handleReset}
              disabled={!scene}
              data-testid="jaw-view-reset"
            >
              {t('reset')}
            </Button>
            {canFullscreen && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={
                  isFullscreen ? <IconMinimize size={14} aria-hidden /> : <IconMaximize size={14} aria-hidden />
                }
                onClick={handleFullscreen}
                data-testid="jaw-fullscreen"
              >
                {isFullscreen ? t('exitFullscreen') : t('fullscreen')}
              </Button>
            )}
          </Group>
        </Group>
        {hasNoWebGl && (
          <Alert color="orange" data-testid="jaw-viewer-no-webgl">
            {t('noWebGl')}
          </Alert>
        )}
        {jaws.map((jaw) => {
          const load = loads[jaw];
          if (load?.status === 'loading') return <JawProgress key={jaw} jaw={jaw} load={load} />;
          if (load?.status === 'error') {
            return (
              <Alert
                key={jaw}
                color="red"
                title={t('readFailed', { jaw: t(`jaw.${jaw}`) })}
                data-testid={`jaw-error-${jaw}`}
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
            onKeyDown={handleKeyDown}
            data-testid="jaw-viewer-canvas"
            style={{
              // Follows the light or dark colour scheme (Mantine sets the page's color-scheme).
              background: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))',
              display: 'block',
              width: '100%',
              height: '100%',
              borderRadius: 'var(--mantine-radius-md)',
              touchAction: 'none',
            }}
          />
        </Box>
        <Group gap="xl" align="flex-start">
          {jaws.map((jaw) => {
            const jawName = t(`jaw.${jaw}`);
            const isLoaded = loads[jaw]?.status === 'ready';
            return (
              <Stack key={jaw} gap={6} w={220} data-testid={`jaw-controls-${jaw}`}>
                <Switch
                  label={jawName}
                  checked={appearance[jaw].visible}
                  disabled={!isLoaded}
                  onChange={(event) => changeJaw(jaw, { visible: event.currentTarget.checked })}
                  data-testid={`jaw-toggle-${jaw}`}
                />
                <ColorInput
                  size="xs"
                  label={t('color', { jaw: jawName })}
                  value={appearance[jaw].color}
                  onChange={(color) => changeJaw(jaw, { color })}
                  disabled={!isLoaded}
                  withEyeDropper={false}
                  // Inside the viewer, so that it shows in full screen too.
                  popoverProps={{ withinPortal: false }}
                />
                <Stack gap={2}>
                  <Text size="xs" id={`jaw-opacity-${jaw}`}>
                    {t('opacity', { jaw: jawName })}
                  </Text>
                  <Slider
                    size="sm"
                    min={0.1}
                    max={1}
                    step={0.05}
                    value={appearance[jaw].opacity}
                    onChange={(opacity) => changeJaw(jaw, { opacity })}
                    disabled={!isLoaded}
                    thumbLabel={t('opacity', { jaw: jawName })}
                    label={(value) => `${Math.round(value * 100)} %`}
                  />
                </Stack>
              </Stack>
            );
          })}
        </Group>
        <Text size="xs" c="dimmed">
          {t('help')}
        </Text>
      </Stack>
    </Card>
  );
}
