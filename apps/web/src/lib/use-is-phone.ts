import { px, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is narrower than Mantine's sm breakpoint (a phone), where `hiddenFrom="sm"` shows and
 * `visibleFrom="sm"` hides. For what CSS alone cannot change (a list's rows as cards, filters folded away).
 */
export function useIsPhone(): boolean {
  const theme = useMantineTheme();
  const sm = Number(px(theme.breakpoints.sm));
  // Known at the first render (no server rendering here): a phone never paints the wide layout first.
  return useMediaQuery(`(max-width: ${sm - 0.1}px)`, false, { getInitialValueInEffect: false });
}
