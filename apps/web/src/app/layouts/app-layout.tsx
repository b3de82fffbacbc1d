import { Anchor, AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { LanguageMenu } from '../../components/language-menu';
import { appPaths } from '../../config/paths';
import { CaseEventsStream } from '../../features/cases';
import { useLayoutPreference } from '../../lib/layout-preference';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useSession } from '../../lib/session';
import type { AppRoute } from '../route-table';
import { CommandPaletteLauncher } from './command-palette-launcher';
import { DrawerUserSection } from './drawer-user-section';
import { LayoutSwitch } from './layout-switch';
import { NavMenu } from './nav-menu';
import { usePageTitle } from './page-title';
import { UserMenu } from './user-menu';

const HEADER_HEIGHT = 60;
const TOP_MENU_HEIGHT = 48;

/** The chrome of signed-in pages: vertical (side menu) or horizontal (top menu), per route or per user choice. */
export function AppLayout() {
  // The menu's labels (`nav`) are loaded before the chrome shows, so no label shows as its key.
  const { t } = useTranslation(['common', 'nav']);
  const session = useSession();
  const [preferred] = useLayoutPreference();
  const [isNavOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { pathname } = useLocation();
  const matches = useMatches();
  const route = matches.at(-1)?.handle as AppRoute | undefined;
  const layout = route?.layout === 'vertical' || route?.layout === 'horizontal' ? route.layout : preferred;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mobile menu closes on every navigation
  useEffect(() => closeNav(), [pathname]);
  usePageTitle();

  // The guard sends an unsigned user away; no chrome meanwhile.
  if (!session) return <Outlet />;

  const isVertical = layout === 'vertical';
  // Until a required two-factor sign-in is set up, the account settings are the only page: nothing to search.
  const setupOnly = session.token_info.two_factor_setup_required === true;
  const { productName } = getRuntimeConfig();

  return (
    <AppShell
      // Below sm (a phone) the top menu gives way to the drawer: the header is one row in either layout.
      header={{ height: isVertical ? HEADER_HEIGHT : { base: HEADER_HEIGHT, sm: HEADER_HEIGHT + TOP_MENU_HEIGHT } }}
      // The side menu is the phone's drawer in either layout; with the top menu it is hidden from sm up.
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !isNavOpen, desktop: !isVertical } }}
      padding="md"
      data-layout={layout}
      data-testid="app-shell"
    >
      {/* One stream of live case updates for the whole signed-in app. */}
      <CaseEventsStream />
      <Anchor href="#main-content" className="skip-link">
        {t('app.skipToContent')}
      </Anchor>
      <AppShell.Header>
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          {/* The product name gives way (truncated) before anything else: the header fits from 320 px. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={isNavOpen}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggleMenu')}
              data-testid="nav-toggle"
            />
            <Anchor component={Link} to={appPaths.home} underline="never" c="inherit" miw={0}>
              <Text fw={700} size="lg" truncate="end" data-testid="product-name">
                {productName}
              </Text>
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {!setupOnly && (
              // Its labels load with the palette's dictionary; the header does not wait for them.
              <Suspense fallback={null}>
                <CommandPaletteLauncher />
              </Suspense>
            )}
            {/* On a phone these sit in the drawer (DrawerUserSection); the layout switch has no use there. */}
            <Group gap="xs" wrap="nowrap" visibleFrom="sm" data-testid="header-tools">
              <LanguageMenu />
              <ColorSchemeToggle />
              <LayoutSwitch />
              <UserMenu />
            </Group>
          </Group>
        </Group>
        {!isVertical && !isNavOpen && (
          <Group h={TOP_MENU_HEIGHT} px="md" align="center" visibleFrom="sm">
            <NavMenu orientation="horizontal" />
          </Group>
        )}
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        {/* The sections outgrow a short screen: the menu scrolls on its own, the header stays. */}
        <AppShell.Section grow component={ScrollArea} type="auto" scrollbarSize={6}>
          {/* With the top menu the side menu only ever shows as a phone's drawer: rendered only when opened. */}
          {(isVertical || isNavOpen) && <NavMenu orientation="vertical" onNavigate={closeNav} />}
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pt="xs">
          <DrawerUserSection onNavigate={closeNav} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
