import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type InitialEntry, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import type { AppRoute } from '../app/route-table';
import { buildRoutes } from '../app/router';

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders the app's router (from a route table) at a path, with every provider the app has. */
export function renderRoutes(routes: AppRoute[], initialPath: string) {
  const router = createMemoryRouter(buildRoutes(routes), { initialEntries: [initialPath] });
  const utils = render(
    <AppProvider queryClient={testQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...utils };
}

/**
 * Renders one component inside the providers and a router (for links and navigation). `url` is where the router
 * starts (path plus query string); it defaults to `path`.
 */
export function renderWithProviders(ui: ReactNode, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p data-testid="navigated" /> },
    ],
    { initialEntries: [url] },
  );
  const utils = render(
    <AppProvider queryClient={testQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...utils };
}

/**
 * Renders several pages in one router (to follow a navigation from one to the next), inside the providers.
 * `at` is the first entry: a URL, or a location with router state.
 */
export function renderPages(pages: { path: string; element: ReactNode }[], at: InitialEntry) {
  const router = createMemoryRouter([...pages, { path: '*', element: <p data-testid="navigated" /> }], {
    initialEntries: [at],
  });
  const utils = render(
    <AppProvider queryClient={testQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...utils };
}
