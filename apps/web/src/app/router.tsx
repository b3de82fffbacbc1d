import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { appPaths } from '../config/paths';
import { configureApiClient } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { FullLayout } from './layouts/full-layout';
import { NavigationEffects } from './navigation-effects';
import { RouteErrorPage } from './route-error-page';
import { RouteGuard } from './route-guard';
import { type AppRoute, ROUTES } from './route-table';

// The chrome of signed-in pages loads on its own, so the login page does not carry it; the menu's labels load
// beside it.
const AppLayout = lazy(async () => {
  const [layout] = await Promise.all([import('./layouts/app-layout'), i18n.loadNamespaces('nav')]);
  return { default: layout.AppLayout };
});

function RootRoute() {
  return (
    <>
      <NavigationEffects />
      <Outlet />
    </>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const Page = route.page;
  return {
    path: route.path,
    handle: route,
    element: (
      <RouteGuard route={route}>
        <Suspense fallback={<PageLoader />}>
          <Page />
        </Suspense>
      </RouteGuard>
    ),
  };
}

/** The router's routes from the route table: full-layout pages, chrome pages, and /error-404 for the rest. */
export function buildRoutes(routes: AppRoute[] = ROUTES): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <FullLayout />, children: routes.filter((r) => r.layout === 'full').map(toRouteObject) },
        {
          element: (
            <Suspense fallback={<PageLoader />}>
              <AppLayout />
            </Suspense>
          ),
          children: routes.filter((r) => r.layout !== 'full').map(toRouteObject),
        },
        { path: '*', element: <Navigate to={appPaths.notFound} replace /> },
      ],
    },
  ];
}

/** History-mode router; a forced logout (api client) returns to the root path. */
export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  configureApiClient({
    onSessionEnd: () => {
      void router.navigate(appPaths.login, { replace: true });
    },
  });
  return router;
}
