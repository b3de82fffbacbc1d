import type { Jaw } from '@cuspid/contracts/cases';
import type { OrientationStep } from '@cuspid/mesh';
import { Badge, Button, ColorInput, Group, Slider, Stack, Switch, Text, Tooltip } from '@mantine/core';
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
  /** Turning the scan (ADR 0117): absent when the user may not, or it is not shown yet. */
  orientation?: {
    /** Whether the user corrected the detected frame. */
    isCorrected: boolean;
    /** Whether the detection was unsure: the user should check it. */
    isUncertain: boolean;
    onTurn: (step: OrientationStep | 'reset') => void;
  };
};

const TURNS: readonly { step: OrientationStep; axis: 'x' | 'y' | 'z'; sign: '+' | '−' }[] = [
  { step: '+x', axis: 'x', sign: '+' },
  { step: '-x', axis: 'x', sign: '−' },
  { step: '+y', axis: 'y', sign: '+' },
  { step: '-y', axis: 'y', sign: '−' },
  { step: '+z', axis: 'z', sign: '+' },
  { step: '-z', axis: 'z', sign: '−' },
];

/** Quarter turns about the three anatomical axes, upside down, and back to the detected frame. */
function OrientationControls({ jaw, orientation }: { jaw: Jaw; orientation: NonNullable<Props['orientation']> }) {
  const { t } = useTranslation('viewer');
  return (
    <Stack gap={4} data-testid={`jaw-orientation-${jaw}`}>
      <Text size="xs">{t('orientation.title')}</Text>
      {orientation.isUncertain && !orientation.isCorrected && (
        <Text size="xs" c="orange" data-testid={`jaw-orientation-uncertain-${jaw}`}>
          {t('orientation.uncertain')}
        </Text>
      )}
      <Group gap={4}>
        {TURNS.map(({ step, axis, sign }) => {
          const label = t('orientation.turn', { axis: t(`orientation.axis.${axis}`), sign });
          const shown = `${axis.toUpperCase()} ${sign}90°`;
          return (
            <Tooltip key={step} label={label} withinPortal={false}>
              <Button
                size="compact-xs"
                variant="default"
                // The name starts with what the button shows, so that a voice user can say it (WCAG 2.5.3).
                aria-label={`${shown}: ${label}`}
                onClick={() => orientation.onTurn(step)}
                data-testid={`jaw-turn-${jaw}-${step}`}
              >
                {shown}
              </Button>
            </Tooltip>
          );
        })}
      </Group>
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => orientation.onTurn('flip')}
          data-testid={`jaw-flip-${jaw}`}
        >
          {t('orientation.flip')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={!orientation.isCorrected}
          onClick={() => orientation.onTurn('reset')}
          data-testid={`jaw-orientation-reset-${jaw}`}
        >
          {t('orientation.reset')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One jaw's controls: shown or hidden, colour, opacity, and the full scan when its preview is shown. */
export function JawControls({ jaw, appearance, isLoaded, isPreview, onChange, onLoadFull, orientation }: Props) {
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
      {orientation && <OrientationControls jaw={jaw} orientation={orientation} />}
    </Stack>
  );
}
