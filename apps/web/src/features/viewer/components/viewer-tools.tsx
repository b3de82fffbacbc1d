import type { Jaw } from '@cuspid/contracts/cases';
import { Box, Button, Group, Loader, SegmentedControl, Slider, Stack, Switch, Text } from '@mantine/core';
import { IconRuler2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClipAxis, Clipping, PickedPoint } from '../lib/jaw-scene';
import { distanceMm } from '../lib/jaw-scene';

type MeasureProps = {
  measuring: boolean;
  onMeasuringChange: (measuring: boolean) => void;
  snap: boolean;
  onSnapChange: (snap: boolean) => void;
  points: readonly PickedPoint[];
  onClear: () => void;
};

/** Point-to-point distance on the surface: two clicks on the models, the distance in millimetres. */
export function MeasureTool({ measuring, onMeasuringChange, snap, onSnapChange, points, onClear }: MeasureProps) {
  const { t, i18n } = useTranslation('viewer');
  const [first, second] = points;
  const distance = first && second ? distanceMm(first, second) : null;
  const format = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <Stack gap={6} w={260} data-testid="jaw-measure-tool">
      <Switch
        label={t('measure.label')}
        checked={measuring}
        onChange={(event) => onMeasuringChange(event.currentTarget.checked)}
        data-testid="jaw-measure"
      />
      <Switch
        size="xs"
        label={t('measure.snap')}
        checked={snap}
        onChange={(event) => onSnapChange(event.currentTarget.checked)}
        disabled={!measuring}
      />
      <Group gap="xs" wrap="nowrap">
        <IconRuler2 size={16} aria-hidden />
        <Text size="sm" aria-live="polite" data-testid="jaw-measure-distance" data-mm={distance?.toFixed(4)}>
          {distance !== null
            ? t('measure.distance', { mm: format.format(distance) })
            : measuring
              ? t(points.length === 1 ? 'measure.second' : 'measure.first')
              : t('measure.off')}
        </Text>
      </Group>
      {points.length > 0 && (
        <Button size="compact-xs" variant="subtle" onClick={onClear} w="fit-content">
          {t('measure.clear')}
        </Button>
      )}
    </Stack>
  );
}

type ClipProps = { clipping: Clipping | null; onChange: (clipping: Clipping | null) => void };

export const DEFAULT_CLIPPING: Clipping = { axis: 'y', position: 0.5, flip: false };

/** A movable plane across the models: a cross-section along one of the scan's axes. */
export function ClippingTool({ clipping, onChange }: ClipProps) {
  const { t } = useTranslation('viewer');
  const current = clipping ?? DEFAULT_CLIPPING;
  return (
    <Stack gap={6} w={260} data-testid="jaw-clipping-tool">
      <Switch
        label={t('clip.label')}
        checked={clipping !== null}
        onChange={(event) => onChange(event.currentTarget.checked ? current : null)}
        data-testid="jaw-clipping"
      />
      <SegmentedControl
        size="xs"
        disabled={!clipping}
        value={current.axis}
        onChange={(axis) => onChange({ ...current, axis: axis as ClipAxis })}
        data={[
          { value: 'y', label: t('clip.axis.y') },
          { value: 'x', label: t('clip.axis.x') },
          { value: 'z', label: t('clip.axis.z') },
        ]}
        aria-label={t('clip.axisLabel')}
      />
      <Slider
        size="sm"
        min={0}
        max={1}
        step={0.01}
        disabled={!clipping}
        value={current.position}
        onChange={(position) => onChange({ ...current, position })}
        thumbLabel={t('clip.position')}
        label={(value) => `${Math.round(value * 100)} %`}
      />
      <Switch
        size="xs"
        label={t('clip.flip')}
        disabled={!clipping}
        checked={current.flip}
        onChange={(event) => onChange({ ...current, flip: event.currentTarget.checked })}
      />
    </Stack>
  );
}

export type QualityCounts = {
  jaw: Jaw;
  /** Found in the mesh shown: the rims of its holes (its open base too) and its non-manifold edges. */
  shown: { boundary: number; nonManifold: number } | null;
  /** What the analysis of the uploaded scan reported, when it ran. */
  reported: { holes: number; nonManifold: number } | null;
  isRunning: boolean;
};

type QualityProps = { enabled: boolean; onChange: (enabled: boolean) => void; counts: readonly QualityCounts[] };

export const BOUNDARY_EDGE_COLOR = '#f59f00';
export const NON_MANIFOLD_EDGE_COLOR = '#e03131';

function Swatch({ color }: { color: string }) {
  return <Box w={14} h={4} style={{ background: color, borderRadius: 2, flex: 'none' }} aria-hidden />;
}

/** Highlights the rims of holes and the non-manifold edges on the scans, next to what the analysis reported. */
export function QualityTool({ enabled, onChange, counts }: QualityProps) {
  const { t } = useTranslation('viewer');
  return (
    <Stack gap={6} w={300} data-testid="jaw-quality-tool">
      <Switch
        label={t('quality.label')}
        checked={enabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        data-testid="jaw-quality"
      />
      {enabled &&
        counts.map(({ jaw, shown, reported, isRunning }) => (
          <Stack key={jaw} gap={2} data-testid={`jaw-quality-${jaw}`}>
            <Text size="xs" fw={600}>
              {t(`jaw.${jaw}`)}
            </Text>
            {isRunning && <Loader size="xs" aria-label={t('quality.running')} />}
            {shown && (
              <>
                <Group gap={6} wrap="nowrap">
                  <Swatch color={BOUNDARY_EDGE_COLOR} />
                  <Text size="xs">{t('quality.boundary', { count: shown.boundary })}</Text>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <Swatch color={NON_MANIFOLD_EDGE_COLOR} />
                  <Text size="xs">{t('quality.nonManifold', { count: shown.nonManifold })}</Text>
                </Group>
              </>
            )}
            {reported && (
              <Text size="xs" c="dimmed">
                {t('quality.reported', { holes: reported.holes, nonManifold: reported.nonManifold })}
              </Text>
            )}
          </Stack>
        ))}
    </Stack>
  );
}
