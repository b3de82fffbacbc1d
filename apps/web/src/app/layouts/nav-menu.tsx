import { Button, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { accountPaths } from '../../features/account';
import { useCan } from '../../lib/can';
import type { NavEntry } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { NAV_ICONS, type NavIconName } from '../nav-icons';
import { NAVIGATION } from '../navigation';
import { type AppRoute, ROUTES } from '../route-table';

type NavMenuProps = {
  orientation: 'vertical' | 'horizontal';
  /** The route table and the menu entries (tests pass their own). */
  routes?: AppRoute[];
  navigation?: NavEntry[];
  onNavigate?: () => void;
};

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The navigation menu, built from the features' menu entries: only what the user may open, in menu order. */
export function NavMenu({ orientation, routes = ROUTES, navigation = NAVIGATION, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { canOpenRoute } = useCan();
  // Until a required two-factor sign-in is set up, the account settings are the only page (route guard).
  const setupOnly = useSession()?.token_info.two_factor_setup_required === true;
  const items = navigation.filter((entry) => {
    // An entry follows its route: shown when the user may open the route (the guard's own check).
    const route = routes.find(({ path }) => path === entry.path);
    return (
      route !== undefined &&
      !route.public &&
      canOpenRoute(route.permission) &&
      (!setupOnly || route.path === accountPaths.accountSetting)
    );
  });

  if (orientation === 'vertical') {
    return (
      <Stack component="nav" gap={4} aria-label={t('common:nav.mainMenu')} data-testid="nav-menu">
        {items.map(({ path, label, icon }) => {
          const active = isActive(pathname, path);
          return (
            <NavLink
              key={path}
              component={Link}
              to={path}
              label={t(label)}
              leftSection={<NavIcon name={icon} size={18} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              data-testid={`nav-link-${path.replace(/^\//, '')}`}
              onClick={onNavigate}
            />
          );
        })}
      </Stack>
    );
  }
  return (
    <ScrollArea type="never">
      <Group component="nav" gap={4} wrap="nowrap" aria-label={t('common:nav.mainMenu')} data-testid="nav-menu">
        {items.map(({ path, label, icon }) => {
          const active = isActive(pathname, path);
          return (
            <Button
              key={path}
              component={Link}
              to={path}
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              leftSection={<NavIcon name={icon} size={16} />}
              aria-current={active ? 'page' : undefined}
              data-testid={`nav-link-${path.replace(/^\//, '')}`}
              onClick={onNavigate}
            >
              {t(label)}
            </Button>
          );
        })}
      </Group>
    </ScrollArea>
  );
}

function NavIcon({ name, size }: { name: NavIconName; size: number }) {
  const Icon = NAV_ICONS[name];
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
