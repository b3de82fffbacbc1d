import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import type { CommandEntry, NavEntry, SearchAreaEntry } from '../../lib/routes';
import { sessionStore } from '../../lib/session';
import { jsonResponse, loginResponse, mockServer } from '../../testing/fixtures';
import { renderRoutes, renderWithProviders } from '../../testing/render-app';
import { SEARCH_AREAS } from '../commands';
import type { AppRoute } from '../route-table';
import { ROUTES } from '../route-table';
import { CommandPalette } from './command-palette';

const page = lazy(async () => ({ default: () => null }));

const PALETTE_ROUTES: AppRoute[] = [
  { path: '/', page, public: true, layout: 'full' },
  { path: '/home', page },
  { path: '/customers', page, permission: 'backoffice-company' },
  { path: '/customers/create', page, permission: 'backoffice-company' },
  { path: '/customers/:id/show', page, permission: 'backoffice-company' },
  { path: '/users', page, permission: 'list-users' },
  { path: '/users/create', page, permission: 'create-user' },
  { path: '/roles', page, permission: 'list-roles' },
  { path: '/roles/:id/edit', page, permission: 'update-role' },
];

const NAV: NavEntry[] = [
  { path: '/home', label: 'common:nav.home', icon: 'home', group: 'content', order: 10 },
  { path: '/customers', label: 'nav:customers', icon: 'users-group', group: 'customers', order: 20 },
  { path: '/users', label: 'nav:users', icon: 'users', group: 'administration', order: 30 },
  { path: '/roles', label: 'nav:roles', icon: 'user-shield', group: 'administration', order: 40 },
];

const COMMANDS: CommandEntry[] = [
  { path: '/customers/create', label: 'search:actions.createCompany', icon: 'building', order: 10 },
  { path: '/users/create', label: 'search:actions.createUser', icon: 'users', order: 20 },
];

const AREAS: SearchAreaEntry[] = [
  {
    area: 'companies',
    label: 'search:areas.companies',
    icon: 'building',
    link: (item) => `/customers/${item.id}/show`,
    list: '/customers',
  },
  {
    area: 'roles',
    label: 'search:areas.roles',
    icon: 'user-shield',
    link: (item) => `/roles/${item.id}/edit`,
    list: '/roles',
  },
];

function signInWith(roles: string[], titles: string[]) {
  sessionStore.signIn(loginResponse({ roles }));
  sessionStore.setPermissionTitles(titles);
}

function renderPalette() {
  return renderWithProviders(
    <CommandPalette openRequest={1} routes={PALETTE_ROUTES} navigation={NAV} commands={COMMANDS} areas={AREAS} />,
    { path: '/home' },
  );
}

const labelsIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('CommandPalette', () => {
  it('opens with Ctrl+K from the signed-in chrome, and from the header button', async () => {
    signInWith(['end-user'], []);
    renderRoutes(ROUTES, '/home');
    const button = await screen.findByTestId('search-button');
    expect(button).toHaveTextContent('Ctrl K');
    expect(button).toHaveAttribute('title', 'Search pages, actions and records');

    await userEvent.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('textbox', { name: 'Search' });
    expect(input).toHaveAttribute('placeholder', 'Go to a page, run an action, find a record…');
    expect(labelsIn('search-group-pages')).toContain('Account settings');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search' })).not.toBeInTheDocument());
    await userEvent.click(button);
    expect(await screen.findByRole('textbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('offers only the pages and actions the user may open, filtered by the typed text', async () => {
    signInWith(['reseller'], ['backoffice-company']);
    renderPalette();
    await screen.findByTestId('search-group-pages');
    expect(labelsIn('search-group-pages')).toEqual(['Home', 'Customers']);
    expect(labelsIn('search-group-actions')).toEqual(['Create a company']);

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'cust');
    expect(labelsIn('search-group-pages')).toEqual(['Customers']);
    expect(screen.queryByTestId('search-group-actions')).not.toBeInTheDocument();
  });

  it('shows an admin every page and action', async () => {
    signInWith(['admin'], []);
    renderPalette();
    await screen.findByTestId('search-group-pages');
    expect(labelsIn('search-group-pages')).toEqual(['Home', 'Customers', 'Users', 'Roles']);
    expect(labelsIn('search-group-actions')).toEqual(['Create a company', 'Create a user']);
  });

  it('shows the records the search finds grouped by area, and opens the chosen one from the keyboard', async () => {
    signInWith(['employee'], ['backoffice-company', 'list-roles']);
    const calls = mockServer({
      '/api/search': () =>
        jsonResponse({
          groups: [
            {
              area: 'companies',
              items: [
                { id: 'c1', title: 'Acme Dental', subtitle: '10001 · Berlin' },
                { id: 'c2', title: 'Dental Acme' },
              ],
              has_more: true,
            },
            { area: 'roles', items: [{ id: 'r1', title: 'Acme role', subtitle: 'acme-role' }], has_more: false },
          ],
        }),
    });
    const { router } = renderPalette();
    const input = await screen.findByRole('textbox', { name: 'Search' });
    await userEvent.type(input, 'acme');

    expect(await screen.findByRole('group', { name: 'Companies' })).toBe(screen.getByTestId('search-group-companies'));
    expect(labelsIn('search-group-companies')).toEqual([
      'Acme Dental10001 · Berlin',
      'Dental Acme',
      'More in the list',
    ]);
    expect(screen.getByRole('group', { name: 'Roles' })).toBe(screen.getByTestId('search-group-roles'));
    // Debounced: one call for the whole term.
    expect(calls.filter((c) => c.path === '/api/search').map((c) => c.search)).toEqual(['?q=acme']);
    // A record whose page the user may not open (roles' edit page needs update-role) opens its list, searched.
    expect(screen.getByTestId('search-record-roles-r1')).toBeInTheDocument();

    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/c1/show'));
  });

  it('links a record the user may not open to its list, searched for the record', async () => {
    signInWith(['employee'], ['list-roles']);
    mockServer({
      '/api/search': () =>
        jsonResponse({
          groups: [{ area: 'roles', items: [{ id: 'r1', title: 'Acme role' }], has_more: false }],
        }),
    });
    const { router } = renderPalette();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search' }), 'acme');
    await userEvent.click(await screen.findByTestId('search-record-roles-r1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
    expect(router.state.location.search).toBe('?q=Acme%20role');
  });

  it('asks for a longer term before searching records, and says when nothing matches', async () => {
    signInWith(['end-user'], []);
    const calls = mockServer({ '/api/search': () => jsonResponse({ groups: [] }) });
    renderPalette();
    const input = await screen.findByRole('textbox', { name: 'Search' });
    await userEvent.type(input, 'zq');
    expect(await screen.findByTestId('search-status')).toHaveTextContent(
      'Type at least 3 characters to search records',
    );
    await userEvent.type(input, 'x');
    await waitFor(() => expect(screen.getByTestId('search-status')).toHaveTextContent('Nothing found'));
    expect(calls.map((c) => c.search)).toEqual(['?q=zqx']);
  });

  it('writes found records’ statuses, kinds and stand-in titles in the reader’s language, as the lists do', async () => {
    signInWith(['admin'], []);
    await setLanguage('de', { remember: false });
    mockServer({
      '/api/search': () =>
        jsonResponse({
          groups: [
            {
              area: 'cases',
              items: [
                {
                  id: 'k1',
                  title: 'Onlay 7',
                  subtitle: 'P-1 · Acme · in-approval',
                  details: ['P-1', 'Acme'],
                  status: 'in-approval',
                },
              ],
              has_more: false,
            },
            {
              area: 'invoices',
              items: [
                {
                  id: 'i1',
                  title: 'Draft',
                  subtitle: 'Acme · credit note · draft',
                  details: ['Acme'],
                  kind: 'credit-note',
                  status: 'draft',
                  untitled: true,
                },
                {
                  id: 'i2',
                  title: 'R-100',
                  subtitle: 'Acme · paid',
                  details: ['Acme'],
                  kind: 'invoice',
                  status: 'paid',
                },
              ],
              has_more: false,
            },
            {
              area: 'tickets',
              items: [
                { id: 't1', title: '12 · Acme scan', subtitle: 'Acme · pending', details: ['Acme'], status: 'pending' },
              ],
              has_more: false,
            },
            {
              area: 'mail-templates',
              items: [
                { id: 'm1', title: 'Password reset', subtitle: 'user.password-reset', kind: 'user.password-reset' },
              ],
              has_more: false,
            },
          ],
        }),
    });
    renderWithProviders(
      <CommandPalette openRequest={1} routes={ROUTES} navigation={[]} commands={[]} areas={SEARCH_AREAS} />,
      { path: '/home' },
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Suche' }), 'acme');

    expect(await screen.findByTestId('search-group-cases')).toBeInTheDocument();
    expect(labelsIn('search-group-cases')).toEqual(['Onlay 7P-1 · Acme · In Freigabe']);
    expect(labelsIn('search-group-invoices')).toEqual(['EntwurfAcme · Gutschrift · Entwurf', 'R-100Acme · Bezahlt']);
    expect(labelsIn('search-group-tickets')).toEqual(['12 · Acme scanAcme · Zurückgestellt']);
    expect(labelsIn('search-group-mail-templates')).toEqual(['Passwort zurücksetzenPasswort zurücksetzen']);
  });
});
