import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLayoutNavbar, IconLayoutSidebar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLayoutPreference } from '../../lib/layout-preference';

/** Switches between the side menu and the top menu; remembered in localStorage. */
export function LayoutSwitch() {
  const { t } = useTranslation('common');
  const [layout, setLayout] = useLayoutPreference();
  const next = layout === 'vertical' ? 'horizontal' : 'vertical';
  const hint = next === 'horizontal' ? t('header.toHorizontal') : t('header.toVertical');
  return (
    <Tooltip label={hint}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('header.switchLayout')}
        aria-description={hint}
        data-testid="layout-switch"
        data-layout={layout}
        onClick={() => setLayout(next)}
      >
        {next === 'horizontal' ? (
          <IconLayoutNavbar size={18} aria-hidden />
        ) : (
          <IconLayoutSidebar size={18} aria-hidden />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
