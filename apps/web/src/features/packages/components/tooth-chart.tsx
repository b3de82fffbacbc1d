import { LOWER_TEETH, UPPER_TEETH } from '@cuspid/contracts/credits';
import { Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type ToothSelection = { upper: number[]; lower: number[] };

type ToothChartProps = {
  value: ToothSelection;
  /** Omitted: the chart only shows the chosen teeth (read-only, compact, no buttons). */
  onChange?: (value: ToothSelection) => void;
  disabled?: boolean;
  /** The chart's heading (default: "Teeth"). */
  label?: string;
};

/** Quadrant 1 from the middle outwards reads 18..11 on the chart (the patient's right is the viewer's left). */
const quadrant = (teeth: readonly number[], q: number, reversed: boolean) => {
  const own = teeth.filter((tooth) => Math.floor(tooth / 10) === q).sort((a, b) => a - b);
  return reversed ? own.reverse() : own;
};

/** The jaws as the dentist sees the patient: upper 18..11 21..28, lower 48..41 31..38. */
const JAWS = [
  { jaw: 'upper', quadrants: [quadrant(UPPER_TEETH, 1, true), quadrant(UPPER_TEETH, 2, false)] },
  { jaw: 'lower', quadrants: [quadrant(LOWER_TEETH, 4, true), quadrant(LOWER_TEETH, 3, false)] },
] as const;

const toggled = (teeth: readonly number[], tooth: number) =>
  teeth.includes(tooth) ? teeth.filter((t) => t !== tooth) : [...teeth, tooth].sort((a, b) => a - b);

/**
 * A simple FDI tooth chart of both jaws: one toggle button per permanent tooth (aria-pressed says whether it
 * is chosen), and buttons to choose a whole jaw or none.
 */
export function ToothChart({ value, onChange, disabled = false, label }: ToothChartProps) {
  const { t } = useTranslation('packages');
  const headingId = useId();
  const count = value.upper.length + value.lower.length;
  if (!onChange) return <ReadOnlyToothChart value={value} label={label} />;

  return (
    <Stack gap="sm" role="group" aria-labelledby={headingId} data-testid="tooth-chart">
      <Group justify="space-between" align="center">
        <Text fw={500} id={headingId}>
          {label ?? t('teeth.title')}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="tooth-count">
          {t('teeth.selected', { count })}
        </Text>
      </Group>
      {JAWS.map(({ jaw, quadrants }) => (
        <Stack key={jaw} gap={4}>
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed">
              {t(`teeth.${jaw}`)}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={disabled}
              onClick={() => onChange({ ...value, [jaw]: [...(jaw === 'upper' ? UPPER_TEETH : LOWER_TEETH)] })}
            >
              {t(`teeth.all.${jaw}`)}
            </Button>
          </Group>
          <Group gap="xs" align="stretch" wrap="wrap" data-testid={`tooth-chart-${jaw}`}>
            {quadrants.map((teeth, i) => (
              <Box
                key={teeth[0]}
                style={{
                  flex: '1 1 18rem',
                  ...(i === 0
                    ? {
                        borderRight: '2px solid var(--mantine-color-default-border)',
                        paddingRight: 'var(--mantine-spacing-xs)',
                      }
                    : {}),
                }}
              >
                <SimpleGrid cols={8} spacing={4}>
                  {teeth.map((tooth) => {
                    const pressed = value[jaw].includes(tooth);
                    return (
                      <Button
                        key={tooth}
                        px={0}
                        size="sm"
                        // Chosen: filled and bold, not colour alone.
                        variant={pressed ? 'filled' : 'default'}
                        fw={pressed ? 700 : 400}
                        aria-pressed={pressed}
                        aria-label={t('teeth.tooth', { tooth })}
                        disabled={disabled}
                        onClick={() => onChange({ ...value, [jaw]: toggled(value[jaw], tooth) })}
                      >
                        {tooth}
                      </Button>
                    );
                  })}
                </SimpleGrid>
              </Box>
            ))}
          </Group>
        </Stack>
      ))}
      <Group justify="flex-end">
        <Button
          size="compact-sm"
          variant="default"
          disabled={disabled || count === 0}
          onClick={() => onChange({ upper: [], lower: [] })}
        >
          {t('teeth.clear')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The chosen teeth on the chart, not to be changed: chosen ones filled in the primary colour with its contrast
 * text and bold (clear in both skins, and not by colour alone), the others outlined and dimmed. Compact, so that
 * both quadrants of a jaw stay on one row in a half-width column (a case page at 1440 px).
 */
function ReadOnlyToothChart({ value, label }: { value: ToothSelection; label?: string }) {
  const { t } = useTranslation('packages');
  const headingId = useId();
  const count = value.upper.length + value.lower.length;
  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId} data-testid="tooth-chart">
      <Group justify="space-between" align="center">
        <Text fw={500} id={headingId}>
          {label ?? t('teeth.title')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="tooth-count">
          {t('teeth.selected', { count })}
        </Text>
      </Group>
      {JAWS.map(({ jaw, quadrants }) => (
        <Stack key={jaw} gap={2}>
          <Text size="xs" c="dimmed">
            {t(`teeth.${jaw}`)}
          </Text>
          <Group gap={6} wrap="nowrap" data-testid={`tooth-chart-${jaw}`}>
            {quadrants.map((teeth, i) => (
              <SimpleGrid
                key={teeth[0]}
                cols={8}
                spacing={2}
                style={{
                  flex: '1 1 0',
                  minWidth: 0,
                  ...(i === 0 ? { borderRight: '2px solid var(--mantine-color-default-border)', paddingRight: 6 } : {}),
                }}
              >
                {teeth.map((tooth) => {
                  const chosen = value[jaw].includes(tooth);
                  return (
                    <Box
                      key={tooth}
                      role="img"
                      aria-label={chosen ? t('teeth.toothChosen', { tooth }) : t('teeth.tooth', { tooth })}
                      data-chosen={chosen}
                      fz="xs"
                      fw={chosen ? 700 : 400}
                      ta="center"
                      py={4}
                      style={{
                        borderRadius: 'var(--mantine-radius-sm)',
                        border: `1px solid ${chosen ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                        background: chosen ? 'var(--mantine-primary-color-filled)' : 'transparent',
                        color: chosen ? 'var(--mantine-primary-color-contrast)' : 'var(--mantine-color-dimmed)',
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {tooth}
                    </Box>
                  );
                })}
              </SimpleGrid>
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
