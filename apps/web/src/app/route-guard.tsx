import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { appPaths } from '../config/paths';
import { accountPaths } from '../features/account';
import { loadPermissionTitles } from '../features/auth';
import { useCan } from '../lib/can';
import { useSession } from '../lib/session';
import type { AppRoute } from './route-table';

/**
 * Spec section 4: a public page is shown; otherwise an unsigned user goes to the login page; after sign-in the
 * permission titles are loaded once (a failure is logged and navigation continues); a route the user may not
 * open goes to /error-404. A user who must set up two-factor sign-in first only reaches the account settings.
 */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const { canOpenRoute } = useCan();
  // A role requires two-factor sign-in the user has not set up: the server refuses everything but the setup
  // (ADR 0033), so the account settings page (which shows only the setup then) is the one place to be.
  const mustSetUpTwoFactor = session?.token_info.two_factor_setup_required === true;
  const needsPermissions =
    !route.public && session !== null && session.permission_titles === null && !mustSetUpTwoFactor;
  // The navigation (location key) for which loading has been tried: a failure lets this navigation continue.
  const [triedFor, setTriedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!needsPermissions) return;
    let isActive = true;
    void loadPermissionTitles().finally(() => {
      if (isActive) setTriedFor(location.key);
    });
    return () => {
      isActive = false;
    };
  }, [needsPermissions, location.key]);

  if (route.guestOnly && session) return <Navigate to={appPaths.home} replace />;
  if (route.public) return children;
  if (!session) return <Navigate to={appPaths.login} replace />;
  if (mustSetUpTwoFactor)
    return route.path === accountPaths.accountSetting ? (
      children
    ) : (
      <Navigate to={accountPaths.accountSetting} replace />
    );
  if (needsPermissions && triedFor !== location.key) return <PageLoader />;
  if (!canOpenRoute(route.permission)) return <Navigate to={appPaths.notFound} replace />;
  return children;
}
