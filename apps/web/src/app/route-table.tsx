import type { AppRoute } from '../lib/routes';

export type { AppRoute, RouteLayout } from '../lib/routes';

/**
 * Every feature declares its pages in its own `routes.tsx`; this glob gathers them, so a new feature edits no
 * central file. Eager: the table is small (paths and lazy pages), the pages themselves load on first visit.
 */
const featureRoutes = import.meta.glob<AppRoute[]>('./*/routes.tsx', {
  base: '../features',
  eager: true,
  import: 'routes',
});

/** The one route table: the router, the route guard and the navigation menu all read it. */
export const ROUTES: AppRoute[] = Object.values(featureRoutes).flat();
