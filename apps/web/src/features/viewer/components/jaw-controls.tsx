import type { Jaw } from '@cuspid/contracts/cases';
import { Badge, Button, ColorInput, Group, Slider, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JawAppearance } from '../lib/jaw-scene';

type Props = {
  jaw: Jaw;
  appearance: JawAppearance;
  /** Whether the jaw is on screen (its preview or its scan read). */
  isLoaded: boolean;
  /** Whether what is on screen is the decimated preview. */
  isPreview: boolean;
  onChange: (change: Partial<JawAppearance>) => void;
  onLoadFull: () => void;
};

/** One jaw's controls: shown or hidden, colour, opacity, and the full scan when its preview is shown. */
export function JawControls({ jaw, appearance, isLoaded, isPreview, onChange, onLoadFull }: Props) {
  const { t } = useTranslation('viewer');
  const jawName = t(`jaw.${jaw}`);
  return (
    <Stack gap={6} w={220} data-testid={`jaw-controls-${jaw}`}>
      <Switch
        label={jawName}
        checked={appearance.visible}
        disabled={!isLoaded}
        onChange={(event) => onChange({ visible: event.currentTarget.checked })}
        data-testid={`jaw-toggle-${jaw}`}
      />
      {isPreview && isLoaded && (
        <Group gap={6}>
          <Badge size="xs" variant="light" data-testid={`jaw-preview-${jaw}`}>
            {t('preview.badge')}
          </Badge>
          <Button size="compact-xs" variant="subtle" onClick={onLoadFull} data-testid={`jaw-full-${jaw}`}>
            {t('preview.loadFull')}
          </Button>
        </Group>
      )}
      <ColorInput
        size="xs"
        label={t('color', { jaw: jawName })}
        value={appearance.color}
        onChange={(color) => onChange({ color })}
        disabled={!isLoaded}
        withEyeDropper={false}
        // Inside the viewer, so that it shows in full screen too.
        popoverProps={{ withinPortal: false }}
      />
      <Stack gap={2}>
        <Text size="xs">{t('opacity', { jaw: jawName })}</Text>
        <Slider
          size="sm"
          min={0.1}
          max={1}
          step={0.05}
          value={appearance.opacity}
          onChange={(opacity) => onChange({ opacity })}
          disabled={!isLoaded}
          thumbLabel={t('opacity', { jaw: jawName })}
          label={(value) => `${Math.round(value * 100)} %`}
        />
      </Stack>
    </Stack>
  );
}
