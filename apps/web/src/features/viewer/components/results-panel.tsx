import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ViewerResult } from '../lib/viewer-layers';

export type CompareMode = 'side' | 'toggle';
export type HeatmapMode = 'off' | 'scan' | 'versions';

export type ResultChoice = {
  /** The version shown over the scans. */
  a: string | null;
  /** The version compared with it. */
  b: string | null;
  mode: CompareMode;
  /** In toggle mode: whether B is the one shown. */
  showingB: boolean;
  heatmap: HeatmapMode;
};

export const NO_RESULT: ResultChoice = { a: null, b: null, mode: 'side', showingB: false, heatmap: 'off' };

type Props = {
  results: readonly ViewerResult[];
  choice: ResultChoice;
  onChange: (choice: ResultChoice) => void;
};

/** Which result versions are shown over the scans, how two are compared, and the deviation map. */
export function ResultsPanel({ results, choice, onChange }: Props) {
  const { t } = useTranslation('viewer');
  const options = results.map((result) => ({
    value: result.id,
    label: t('results.version', { version: result.version }),
  }));
  const change = (next: Partial<ResultChoice>) => {
    const merged = { ...choice, ...next };
    if (!merged.a) Object.assign(merged, { b: null, heatmap: 'off' });
    if (merged.b === merged.a) merged.b = null;
    if (!merged.b && merged.heatmap === 'versions') merged.heatmap = 'off';
    onChange(merged);
  };
  return (
    <Stack gap="xs" data-testid="jaw-results-panel">
      <Group gap="md" align="flex-end">
        <Select
          size="xs"
          w={180}
          label={t('results.show')}
          placeholder={t('results.none')}
          data={options}
          value={choice.a}
          onChange={(a) => change({ a })}
          clearable
          comboboxProps={{ withinPortal: false }}
          data-testid="jaw-result-a"
        />
        <Select
          size="xs"
          w={180}
          label={t('results.compare')}
          placeholder={t('results.none')}
          data={options.filter((option) => option.value !== choice.a)}
          value={choice.b}
          onChange={(b) => change({ b })}
          disabled={!choice.a}
          clearable
          comboboxProps={{ withinPortal: false }}
          data-testid="jaw-result-b"
        />
        {choice.b && (
          <SegmentedControl
            size="xs"
            value={choice.mode}
            onChange={(mode) => change({ mode: mode as CompareMode })}
            data={[
              { value: 'side', label: t('results.sideBySide') },
              { value: 'toggle', label: t('results.toggle') },
            ]}
            aria-label={t('results.compareHow')}
          />
        )}
        {choice.b && choice.mode === 'toggle' && (
          <SegmentedControl
            size="xs"
            value={choice.showingB ? 'b' : 'a'}
            onChange={(shown) => change({ showingB: shown === 'b' })}
            data={[
              { value: 'a', label: options.find((option) => option.value === choice.a)?.label ?? 'A' },
              { value: 'b', label: options.find((option) => option.value === choice.b)?.label ?? 'B' },
            ]}
            aria-label={t('results.shown')}
            data-testid="jaw-result-toggle"
          />
        )}
      </Group>
      <Group gap="md" align="center">
        <Text size="xs" id="jaw-heatmap-label">
          {t('results.heatmap')}
        </Text>
        <SegmentedControl
          size="xs"
          value={choice.heatmap}
          onChange={(heatmap) => change({ heatmap: heatmap as HeatmapMode })}
          disabled={!choice.a}
          data={[
            { value: 'off', label: t('results.heatmapOff') },
            { value: 'scan', label: t('results.heatmapScan') },
            { value: 'versions', label: t('results.heatmapVersions'), disabled: !choice.b },
          ]}
          aria-labelledby="jaw-heatmap-label"
          data-testid="jaw-heatmap"
        />
      </Group>
    </Stack>
  );
}
