import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const FEATURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/features');

/** What the walk needs of a web route (apps/web/src/lib/routes.ts, AppRoute). */
export type WebRoute = {
  path: string;
  public?: boolean;
  guestOnly?: boolean;
  /** One permission, or a list of which any one opens the route. */
  permission?: string | readonly string[];
  layout?: string;
  /** The feature folder that declares it. */
  feature: string;
};

/**
 * The web app's route table, read from the same files its router gathers (apps/web/src/features/<area>/routes.tsx,
 * see apps/web/src/app/route-table.tsx), so a new feature's pages are walked without editing the suite. Only the
 * route entries load: their pages are lazy and never imported here.
 */
export async function loadWebRoutes(): Promise<WebRoute[]> {
  const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => readdirSync(path.join(FEATURES_DIR, name)).includes('routes.tsx'))
    .sort();
  const routes: WebRoute[] = [];
  for (const feature of features) {
    const module = (await import(pathToFileURL(path.join(FEATURES_DIR, feature, 'routes.tsx')).href)) as {
      routes?: Omit<WebRoute, 'feature'>[];
    };
    if (!Array.isArray(module.routes)) throw new Error(`features/${feature}/routes.tsx exports no \`routes\` array`);
    for (const route of module.routes) {
      routes.push({
        path: route.path,
        public: route.public,
        guestOnly: route.guestOnly,
        permission: route.permission,
        layout: route.layout,
        feature,
      });
    }
  }
  return routes;
}

/** The names of a route's parameters (`/users/:id/edit` → ['id']). */
export function routeParams(routePath: string): string[] {
  return [...routePath.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
}
