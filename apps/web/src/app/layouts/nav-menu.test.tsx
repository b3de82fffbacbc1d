import { screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { NavEntry } from '../../lib/routes';
import { sessionStore } from '../../lib/session';
import { loginResponse } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-app';
import { NAVIGATION } from '../navigation';
import type { AppRoute } from '../route-table';
import { NavMenu } from './nav-menu';

const page = lazy(async () => ({ default: () => null }));
const icon = NAVIGATION[0]!.icon;

const MENU_ROUTES: AppRoute[] = [
  { path: '/', page, public: true, layout: 'full' },
  { path: '/home', page },
  { path: '/invoices', page, permission: 'backoffice-invoice' },
  { path: '/customers', page, permission: 'backoffice-company' },
  { path: '/users', page, permission: 'list-users' },
  { path: '/hidden', page },
];

const MENU: NavEntry[] = [
  { path: '/home', label: 'common:nav.home', icon, group: 'content', order: 10 },
  { path: '/invoices', label: 'Invoices', icon, group: 'content', order: 20 },
  { path: '/customers', label: 'Customers', icon, group: 'content', order: 30 },
  { path: '/users', label: 'Users', icon, group: 'content', order: 40 },
];

function signInWith(roles: string[], titles: string[]) {
  sessionStore.signIn(loginResponse({ roles }));
  sessionStore.setPermissionTitles(titles);
}

function menuLabels() {
  return within(screen.getByTestId('nav-menu'))
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('NavMenu', () => {
  it('shows only the entries the user may open (prefix match on permission titles)', () => {
    signInWith(['end-user'], ['backoffice-invoice-edit', 'list-users']);
    renderWithProviders(<NavMenu orientation="vertical" routes={MENU_ROUTES} navigation={MENU} />, { path: '/home' });
    expect(menuLabels()).toEqual(['Home', 'Invoices', 'Users']);
  });

  it('shows every entry to an admin', () => {
    signInWith(['admin'], []);
    renderWithProviders(<NavMenu orientation="horizontal" routes={MENU_ROUTES} navigation={MENU} />, { path: '/home' });
    expect(menuLabels()).toEqual(['Home', 'Invoices', 'Customers', 'Users']);
  });

  it('marks the current page', () => {
    signInWith(['end-user'], []);
    renderWithProviders(<NavMenu orientation="vertical" routes={MENU_ROUTES} navigation={MENU} />, { path: '/home' });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the general pages of the real route table to a signed-in user', () => {
    signInWith(['end-user'], []);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(menuLabels()).toEqual(['Home', 'Account settings', 'My company', 'FAQ', 'Data privacy']);
  });

  it('shows the permissions entry only to users who may list permissions', () => {
    signInWith(['end-user'], ['list-permissions']);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(menuLabels()).toEqual(['Home', 'Account settings', 'My company', 'FAQ', 'Data privacy', 'Permissions']);
  });

  it('shows the customers entry to partners holding backoffice-company', () => {
    signInWith(['reseller'], ['backoffice-company']);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(menuLabels()).toEqual(['Home', 'Account settings', 'My company', 'FAQ', 'Data privacy', 'Customers']);
  });

  it('shows the permissions entry to an admin', () => {
    signInWith(['admin'], []);
    renderWithProviders(<NavMenu orientation="horizontal" />, { path: '/home' });
    expect(menuLabels()).toContain('Permissions');
  });
});
