import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accountPaths } from '../features/account';
import { permissionPaths } from '../features/permissions';
import { sessionStore } from '../lib/session';
import { jsonResponse, loginResponse, permission } from '../testing/fixtures';
import { renderRoutes } from '../testing/render-app';
import { NAVIGATION } from './navigation';
import { type AppRoute, ROUTES } from './route-table';

const stub = (text: string) => lazy(async () => ({ default: () => <p>{text}</p> }));

const TEST_ROUTES: AppRoute[] = [
  { path: '/', page: stub('Login page'), public: true, guestOnly: true, layout: 'full' },
  { path: '/error-404', page: stub('Not found page'), public: true, layout: 'full' },
  { path: '/home', page: stub('Home page'), layout: 'full' },
  { path: '/invoices', page: stub('Invoices page'), permission: 'backoffice-invoice', layout: 'full' },
  { path: accountPaths.accountSetting, page: stub('Account settings page'), layout: 'full' },
];

const PERMISSION_LIST = {
  data: [
    permission('backoffice-invoice', 'backoffice', 'invoice'),
    permission('backoffice-company', 'backoffice', 'company'),
    permission('list-users', 'auth', 'list-users'),
  ],
  count: 3,
};

describe('RouteGuard', () => {
  it('shows a public page without a session', async () => {
    renderRoutes(TEST_ROUTES, '/');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('sends an unsigned user to the login page', async () => {
    const { router } = renderRoutes(TEST_ROUTES, '/home');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends unknown paths to /error-404', async () => {
    const { router } = renderRoutes(TEST_ROUTES, '/no/such/page');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error-404');
  });

  it('loads the permission list once after sign-in and builds the titles from the per-scope values', async () => {
    sessionStore.signIn(loginResponse({ permissions: { backoffice: ['invoice'] } }));
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(PERMISSION_LIST));
    vi.stubGlobal('fetch', fetchMock);

    const { router } = renderRoutes(TEST_ROUTES, '/invoices');

    expect(await screen.findByText('Invoices page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/list-permissions?limit_start=0&limit_count=1500');
    expect(sessionStore.get()?.permission_titles).toEqual(['backoffice-invoice']);

    await router.navigate('/home');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a user without the permission to /error-404', async () => {
    sessionStore.signIn(loginResponse({ permissions: { backoffice: ['company'] } }));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(PERMISSION_LIST)));

    const { router } = renderRoutes(TEST_ROUTES, '/invoices');

    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error-404');
  });

  it('lets an admin open every route', async () => {
    sessionStore.signIn(loginResponse({ roles: ['admin'] }));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(PERMISSION_LIST)));
    renderRoutes(TEST_ROUTES, '/invoices');
    expect(await screen.findByText('Invoices page')).toBeInTheDocument();
  });

  it('logs a failed permission load and continues the navigation', async () => {
    sessionStore.signIn(loginResponse({ permissions: { backoffice: ['invoice'] } }));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ code: 'INTERNAL', message: 'down' }, 500)));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    renderRoutes(TEST_ROUTES, '/home');

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Could not load the permission list', expect.anything());
  });

  it('sends a signed-in user from the login page to /home', async () => {
    sessionStore.signIn(loginResponse());
    sessionStore.setPermissionTitles([]);
    const { router } = renderRoutes(TEST_ROUTES, '/');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('returns to the login page when the session is cleared (logout or forced logout)', async () => {
    sessionStore.signIn(loginResponse());
    sessionStore.setPermissionTitles([]);
    const { router } = renderRoutes(TEST_ROUTES, '/home');
    expect(await screen.findByText('Home page')).toBeInTheDocument();

    sessionStore.clear();

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  describe('the /permissions route of the real route table', () => {
    // The real entry (its permission and layout) with a stub page, so only the guard is under test.
    const permissionsRoute = ROUTES.find((route) => route.path === permissionPaths.permissions)!;
    const routes: AppRoute[] = [
      ...TEST_ROUTES,
      { ...permissionsRoute, page: stub('Permissions page'), layout: 'full' },
    ];

    it('needs list-permissions', () => {
      expect(permissionsRoute.permission).toBe('list-permissions');
      expect(permissionsRoute.layout).toBeUndefined();
      expect(NAVIGATION.find((entry) => entry.path === permissionsRoute.path)?.label).toBe('nav:permissions');
    });

    it('sends a user without list-permissions to /error-404', async () => {
      sessionStore.signIn(loginResponse({ permissions: { backoffice: ['invoice'] } }));
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(PERMISSION_LIST)));

      const { router } = renderRoutes(routes, '/permissions');

      expect(await screen.findByText('Not found page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/error-404');
    });

    it('shows the page to a user granted list-permissions', async () => {
      sessionStore.signIn(loginResponse({ permissions: { auth: ['list-users'] } }));
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(PERMISSION_LIST)));
      sessionStore.setPermissionTitles(['list-permissions']);
      renderRoutes(routes, '/permissions');
      expect(await screen.findByText('Permissions page')).toBeInTheDocument();
    });

    it('shows the page to an admin', async () => {
      sessionStore.signIn(loginResponse({ roles: ['admin'] }));
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(PERMISSION_LIST)));

      const { router } = renderRoutes(routes, '/permissions');

      expect(await screen.findByText('Permissions page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/permissions');
    });
  });

  describe('while a role requires two-factor sign-in the user has not set up', () => {
    it('sends every page to the account settings and loads no permissions', async () => {
      sessionStore.signIn(loginResponse({ permissions: { backoffice: ['invoice'] }, two_factor_setup_required: true }));
      const fetchMock = vi.fn().mockResolvedValue(jsonResponse(PERMISSION_LIST));
      vi.stubGlobal('fetch', fetchMock);

      const { router } = renderRoutes(TEST_ROUTES, '/invoices');
      expect(await screen.findByText('Account settings page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(accountPaths.accountSetting);
      await router.navigate('/home');
      await vi.waitFor(() => expect(router.state.location.pathname).toBe(accountPaths.accountSetting));
      expect(await screen.findByText('Account settings page')).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('lets the user go anywhere once the renewed session says the setup is done', async () => {
      sessionStore.signIn(loginResponse({ permissions: { backoffice: ['invoice'] }, two_factor_setup_required: true }));
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(PERMISSION_LIST)));
      const { router } = renderRoutes(TEST_ROUTES, '/invoices');
      expect(await screen.findByText('Account settings page')).toBeInTheDocument();

      sessionStore.replaceTokens(loginResponse({ permissions: { backoffice: ['invoice'] } }));
      await router.navigate('/invoices');
      expect(await screen.findByText('Invoices page')).toBeInTheDocument();
    });
  });
});
