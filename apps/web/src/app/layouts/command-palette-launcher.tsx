import { Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Spotlight and the palette load on first use: neither the login page nor a signed-in page's first paint carries them.
const CommandPalette = lazy(async () => ({ default: (await import('./command-palette')).CommandPalette }));

const isApple = () => typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.userAgent);

/** The header's search button and the Ctrl+K / Cmd+K shortcut; both open the command palette. */
export function CommandPaletteLauncher() {
  const { t } = useTranslation('search');
  // Each request opens the palette (a counter, so that a second request after a close opens it again).
  const [openRequest, setOpenRequest] = useState(0);
  const open = () => setOpenRequest((n) => n + 1);
  // Also from inside a text field: the shortcut types nothing, and users reach for it from a list's search box.
  useHotkeys([['mod+K', open]], []);
  const shortcut = isApple() ? '⌘ K' : 'Ctrl K';

  return (
    <>
      {/* Named by its text (no aria-label), so that it never takes the name of the lists' "Search" fields. */}
      <Button
        variant="default"
        px="sm"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" visibleFrom="sm">
            {shortcut}
          </Kbd>
        }
        title={t('openHint')}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={open}
        data-testid="search-button"
      >
        {t('open')}
      </Button>
      {openRequest > 0 && (
        <Suspense fallback={null}>
          <CommandPalette openRequest={openRequest} />
        </Suspense>
      )}
    </>
  );
}
