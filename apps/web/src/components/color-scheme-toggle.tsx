import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Light and dark skins; Mantine's color scheme manager remembers the choice in localStorage. */
export function ColorSchemeToggle() {
  const { t } = useTranslation('common');
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const isDark = computed === 'dark';
  return (
    // A native title, not a Mantine Tooltip: this control is on the login page, whose bundle stays small.
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('header.toggleColorScheme')}
      title={t('header.toggleColorScheme')}
      aria-pressed={isDark}
      data-testid="color-scheme-toggle"
      data-scheme={computed}
      onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
    >
      {isDark ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
