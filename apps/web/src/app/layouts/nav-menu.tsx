import { Button, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/can';
import { useSession } from '../../lib/session';
import { NAV_ICONS, type NavIconName } from '../nav-icons';
import { type AppRoute, ROUTES } from '../route-table';

type NavMenuProps = {
  orientation: 'vertical' | 'horizontal';
  /** The route table (tests pass their own). */
  routes?: AppRoute[];
  onNavigate?: () => void;
};

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The navigation menu, built from the route table: only what the user may open. */
export function NavMenu({ orientation, routes = ROUTES, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { canOpenRoute } = useCan();
  // Until a required two-factor sign-in is set up, the account settings are the only page (route guard).
  const setupOnly = useSession()?.token_info.two_factor_setup_required === true;
  const items = routes.filter(
    (route) =>
      route.nav &&
      !route.public &&
      canOpenRoute(route.permission) &&
      (!setupOnly || route.path === paths.accountSetting),
  );

  if (orientation === 'vertical') {
    return (
      <Stack component="nav" gap={4} aria-label={t('common:nav.mainMenu')} data-testid="nav-menu">
        {items.map(({ path, nav }) => {
          if (!nav) return null;
          const active = isActive(pathname, path);
          return (
            <NavLink
              key={path}
              component={Link}
              to={path}
              label={t(nav.label)}
              leftSection={<NavIcon name={nav.icon} size={18} />}
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
        {items.map(({ path, nav }) => {
          if (!nav) return null;
          const active = isActive(pathname, path);
          return (
            <Button
              key={path}
              component={Link}
              to={path}
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              leftSection={<NavIcon name={nav.icon} size={16} />}
              aria-current={active ? 'page' : undefined}
              data-testid={`nav-link-${path.replace(/^\//, '')}`}
              onClick={onNavigate}
            >
              {t(nav.label)}
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
