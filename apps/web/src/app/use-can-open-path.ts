import { useCallback } from 'react';
import { matchPath } from 'react-router';
import { accountPaths } from '../features/account';
import { useCan } from '../lib/can';
import { useSession } from '../lib/session';
import { type AppRoute, ROUTES } from './route-table';

/**
 * Whether the signed-in user may open a URL of the app: the route guard's own check on the route the URL
 * leads to (the menu's rule for its entries, applied to any path, e.g. a found record's page). Until a
 * required two-factor sign-in is set up, the account settings are the only page.
 */
export function useCanOpenPath(routes: AppRoute[] = ROUTES) {
  const { canOpenRoute } = useCan();
  const setupOnly = useSession()?.token_info.two_factor_setup_required === true;
  return useCallback(
    (path: string) => {
      const pathname = path.split('?')[0] ?? path;
      const route =
        routes.find((r) => r.path === pathname) ?? routes.find((r) => matchPath({ path: r.path, end: true }, pathname));
      return (
        route !== undefined &&
        !route.public &&
        canOpenRoute(route.permission) &&
        (!setupOnly || route.path === accountPaths.accountSetting)
      );
    },
    [routes, canOpenRoute, setupOnly],
  );
}
