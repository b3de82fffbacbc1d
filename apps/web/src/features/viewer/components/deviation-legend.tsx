import { Box, Group, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toIntlLocale } from '../../../lib/format';
import {
  DEFAULT_DEVIATION_SCALE,
  type DeviationScale,
  deviationColorStops,
  deviationGradientCss,
  NO_COUNTERPART_COLOR,
  toCssColor,
} from '../lib/deviation-colors';
import type { DeviationSummary } from '../lib/mesh-messages';

export type DeviationLegendProps = {
  /** The scale the map is coloured with; the default ±0.5 mm, green within ±0.05 mm. */
  scale?: DeviationScale;
  /** Figures of the map shown, when there is one. */
  summary?: DeviationSummary | null;
  /** Vertical (default) beside the view, negative at the bottom; horizontal under it, negative on the left. */
  orientation?: 'vertical' | 'horizontal';
};

const BAR_LENGTH = 160;
const BAR_THICKNESS = 14;

/** Millimetres in the user's language, signed, two decimals (zero without: it is exact). */
function useMillimetres() {
  const { i18n } = useTranslation();
  const locale = toIntlLocale(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => {
    const options = { style: 'unit', unit: 'millimeter', signDisplay: 'exceptZero' } as const;
    const signed = new Intl.NumberFormat(locale, { ...options, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const zero = new Intl.NumberFormat(locale, { ...options, maximumFractionDigits: 0 });
    const magnitude = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'millimeter',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    return {
      signed: (mm: number) => (mm === 0 ? zero : signed).format(mm),
      magnitude: (mm: number) => magnitude.format(mm),
      percent: (fraction: number) => percent.format(fraction),
    };
  }, [locale]);
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Group component="div" gap="xs" justify="space-between" wrap="nowrap">
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="xs" m={0} fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The colour scale of a deviation map: the gradient the model is painted with, ticks in mm in the user's
 * language, what grey means, and the map's figures when given. Screen readers get the scale as one sentence.
 */
export function DeviationLegend({
  scale = DEFAULT_DEVIATION_SCALE,
  summary,
  orientation = 'vertical',
}: DeviationLegendProps) {
  const { t } = useTranslation('viewer');
  const titleId = useId();
  const mm = useMillimetres();
  const stops = deviationColorStops(scale);
  const isVertical = orientation === 'vertical';
  const ticks = [-1, -0.5, 0, 0.5, 1].map((f) => f * scale.range);
  const gradient = deviationGradientCss(stops, isVertical ? 'to top' : 'to right');
  const description = t('deviation.scale', {
    min: mm.signed(-scale.range),
    max: mm.signed(scale.range),
    tolerance: mm.magnitude(scale.tolerance),
  });
  // Along the bar: 0 % at −range, 100 % at +range.
  const at = (value: number) => `${((value + scale.range) / (2 * scale.range)) * 100}%`;

  const bar = (
    <Box
      w={isVertical ? BAR_THICKNESS : '100%'}
      h={isVertical ? BAR_LENGTH : BAR_THICKNESS}
      style={{ background: gradient, borderRadius: 'var(--mantine-radius-xs)', flexShrink: 0 }}
    />
  );
  const tickLabels = (
    <Box
      pos="relative"
      h={isVertical ? BAR_LENGTH : '1.2em'}
      w={isVertical ? undefined : '100%'}
      miw={isVertical ? 64 : undefined}
    >
      {ticks.map((value) => (
        <Text
          key={value}
          size="xs"
          pos="absolute"
          style={{
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
            ...(isVertical
              ? { bottom: at(value), transform: 'translateY(50%)' }
              : {
                  left: at(value),
                  transform: `translateX(${value === -scale.range ? 0 : value === scale.range ? -100 : -50}%)`,
                }),
          }}
        >
          {mm.signed(value)}
        </Text>
      ))}
    </Box>
  );
  const inside = (
    <Text size="xs" c="dimmed">
      {t('deviation.inside')}
    </Text>
  );
  const outside = (
    <Text size="xs" c="dimmed">
      {t('deviation.outside')}
    </Text>
  );
  const extreme = summary && (Math.abs(summary.min) > Math.abs(summary.max) ? summary.min : summary.max);
  const total = summary ? summary.matched + summary.unmatched : 0;

  return (
    <Box component="figure" m={0} data-testid="deviation-legend" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Text component="figcaption" id={titleId} size="sm" fw={600}>
          {t('deviation.title')}
        </Text>
        {/* One picture for screen readers: the sentence says all the bar and its ticks show. */}
        <Box role="img" aria-label={description}>
          {isVertical ? (
            <Stack gap={4}>
              {outside}
              <Group gap={6} align="stretch" wrap="nowrap" my={6}>
                {bar}
                {tickLabels}
              </Group>
              {inside}
            </Stack>
          ) : (
            <Stack gap={2}>
              {bar}
              {tickLabels}
              <Group gap="xs" justify="space-between" wrap="nowrap">
                {inside}
                {outside}
              </Group>
            </Stack>
          )}
        </Box>
        <Group gap={6} wrap="nowrap">
          <Box
            w={10}
            h={10}
            style={{ background: toCssColor(NO_COUNTERPART_COLOR), borderRadius: 2, flexShrink: 0 }}
            aria-hidden
          />
          <Text size="xs" c="dimmed">
            {t('deviation.noCounterpart')}
          </Text>
        </Group>
        {summary && summary.matched > 0 && extreme !== null && extreme !== undefined && (
          <Box component="dl" m={0} data-testid="deviation-summary">
            <SummaryRow label={t('deviation.meanAbs')} value={mm.magnitude(summary.meanAbs)} />
            <SummaryRow label={t('deviation.p95Abs')} value={mm.magnitude(summary.p95Abs)} />
            <SummaryRow label={t('deviation.largest')} value={mm.signed(extreme)} />
            {summary.unmatched > 0 && (
              <SummaryRow label={t('deviation.unmatched')} value={mm.percent(summary.unmatched / total)} />
            )}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
