import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import type { NavEntry } from '../../lib/routes';
import { sessionStore } from '../../lib/session';
import { jsonResponse, loginResponse, mockServer } from '../../testing/fixtures';
import { renderPages, renderWithProviders } from '../../testing/render-app';
import { NAVIGATION } from '../navigation';
import type { AppRoute } from '../route-table';
import { NavMenu } from './nav-menu';

const page = lazy(async () => ({ default: () => null }));
const icon = NAVIGATION[0]!.icon;

const MENU_ROUTES: AppRoute[] = [
  { path: '/', page, public: true, layout: 'full' },
  { path: '/home', page },
  { path: '/invoices', page, permission: 'backoffice-invoice' },
  { path: '/payments', page, permission: 'backoffice-payment-history' },
  { path: '/customers', page, permission: 'backoffice-company' },
  { path: '/unit', page, permission: 'backoffice-unit' },
  { path: '/users', page, permission: 'list-users' },
  { path: '/roles', page, permission: 'list-roles' },
  { path: '/faq', page },
  { path: '/hidden', page },
];

// Declared out of order, as features declare them: the menu sorts sections and entries.
const MENU: NavEntry[] = [
  { path: '/roles', label: 'Roles', icon, group: 'administration', order: 20 },
  { path: '/users', label: 'Users', icon, group: 'administration', order: 10 },
  { path: '/faq', label: 'FAQ', icon, group: 'support', order: 10 },
  { path: '/payments', label: 'Payments', icon, group: 'billing', order: 20 },
  { path: '/invoices', label: 'Invoices', icon, group: 'billing', order: 10 },
  { path: '/unit', label: 'Units', icon, group: 'customers', order: 20 },
  { path: '/customers', label: 'Customers', icon, group: 'customers', order: 10 },
  { path: '/home', label: 'common:nav.home', icon, group: 'overview', order: 10 },
];

// The chrome loads the menu's labels before it shows (app/router.tsx); so do these tests.
beforeAll(() => i18n.loadNamespaces('nav'));

function signInWith(roles: string[], titles: string[]) {
  sessionStore.signIn(loginResponse({ roles }));
  sessionStore.setPermissionTitles(titles);
}

/** The side menu as text: a plain link by its label, a section as `Label: entry, entry`. */
function sideMenu(): string[] {
  const nav = screen.getByTestId('nav-menu');
  return [...nav.children].map((child) => {
    if (child.tagName === 'A') return child.textContent ?? '';
    const header = within(child as HTMLElement).getByRole('button');
    // A collapsed section's entries count too: the menu's content, whatever is open.
    const links = within(child as HTMLElement)
      .queryAllByRole('link', { hidden: true })
      .map((link) => link.textContent);
    return `${header.textContent}: ${links.join(', ')}`;
  });
}

/** The top menu as text: a plain link by its label, a section's menu button as `Label ▾`. */
function topMenu(): string[] {
  const nav = screen.getByTestId('nav-menu');
  return [...nav.querySelectorAll('a, button')].map((item) =>
    item.tagName === 'A' ? (item.textContent ?? '') : `${item.textContent} ▾`,
  );
}

function renderSideMenu(path: string) {
  return renderWithProviders(<NavMenu orientation="vertical" routes={MENU_ROUTES} navigation={MENU} />, { path });
}

function sectionToggle(name: string) {
  return screen.getByRole('button', { name });
}

describe('NavMenu (side menu)', () => {
  it('groups the entries in sections, in section order and entry order; one entry is a plain link', () => {
    signInWith(['admin'], []);
    renderSideMenu('/home');
    expect(sideMenu()).toEqual([
      'Home',
      'Customers: Customers, Units',
      'Billing: Invoices, Payments',
      'FAQ',
      'Administration: Users, Roles',
    ]);
  });

  it('shows only what the user may open, and leaves out a section with nothing to open', () => {
    signInWith(['end-user'], ['backoffice-invoice-edit', 'backoffice-company', 'list-users']);
    renderSideMenu('/home');
    // Billing keeps Invoices (prefix match on backoffice-invoice-edit); Administration keeps Users only.
    expect(sideMenu()).toEqual(['Home', 'Customers', 'Invoices', 'FAQ', 'Users']);
    expect(screen.queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a user without permissions the entries that need none', () => {
    signInWith(['end-user'], []);
    renderSideMenu('/home');
    expect(sideMenu()).toEqual(['Home', 'FAQ']);
  });

  it('collapses a section from its header and remembers it across a reload', async () => {
    signInWith(['admin'], []);
    const { unmount } = renderSideMenu('/home');
    const toggle = sectionToggle('Billing');
    const region = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(region).toContainElement(screen.getByRole('link', { name: 'Invoices' }));

    await userEvent.click(toggle);

    expect(sectionToggle('Billing')).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('cuspid.nav-sections') ?? '{}')).toEqual({ billing: false });

    unmount();
    renderSideMenu('/home');
    expect(sectionToggle('Billing')).toHaveAttribute('aria-expanded', 'false');
    expect(sectionToggle('Customers')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();

    await userEvent.click(sectionToggle('Billing'));
    expect(sectionToggle('Billing')).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Invoices' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('cuspid.nav-sections') ?? '{}')).toEqual({ billing: true });
  });

  it('toggles a section from the keyboard: Tab reaches its header, Enter and Space toggle it', async () => {
    signInWith(['admin'], []);
    renderSideMenu('/home');
    await userEvent.tab(); // Home
    await userEvent.tab(); // Customers' header
    expect(sectionToggle('Customers')).toHaveFocus();
    await userEvent.tab(); // Customers
    await userEvent.tab(); // Units
    await userEvent.tab(); // Billing's header
    expect(sectionToggle('Billing')).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(sectionToggle('Billing')).toHaveAttribute('aria-expanded', 'false');
    // A collapsed section's entries are out of the Tab order: the next stop is the next plain link.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument());
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveFocus();

    await userEvent.tab({ shift: true });
    await userEvent.keyboard(' ');
    expect(sectionToggle('Billing')).toHaveAttribute('aria-expanded', 'true');
  });

  it('highlights the current page and opens its section, even one the user had collapsed', async () => {
    localStorage.setItem('cuspid.nav-sections', JSON.stringify({ billing: false, administration: false }));
    signInWith(['admin'], []);
    renderSideMenu('/invoices/42/edit');

    expect(sectionToggle('Billing')).toHaveAttribute('aria-expanded', 'true');
    expect(sectionToggle('Administration')).toHaveAttribute('aria-expanded', 'false');
    const current = screen.getByRole('link', { name: 'Invoices' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Payments' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    // Closed on this page, it stays closed; the user's choices elsewhere are kept as they were.
    await userEvent.click(sectionToggle('Billing'));
    expect(sectionToggle('Billing')).toHaveAttribute('aria-expanded', 'false');
    expect(sectionToggle('Billing')).toHaveAttribute('data-active');
    expect(JSON.parse(localStorage.getItem('cuspid.nav-sections') ?? '{}')).toEqual({
      billing: false,
      administration: false,
    });
  });

  it('marks the current page when it is a plain link', () => {
    signInWith(['end-user'], []);
    renderSideMenu('/home');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });
});

// More entries than COMPACT_MENU_ENTRIES: the back office's menu.
const LONG_MENU: NavEntry[] = [
  ...MENU,
  ...['a', 'b', 'c', 'd'].map((n, i) => ({
    path: `/roles/${n}`,
    label: `Role ${n}`,
    icon,
    group: 'administration' as const,
    order: 30 + i,
  })),
  ...['a', 'b', 'c'].map((n, i) => ({
    path: `/unit/${n}`,
    label: `Unit ${n}`,
    icon,
    group: 'customers' as const,
    order: 30 + i,
  })),
];

function expanded(): Record<string, boolean> {
  return Object.fromEntries(
    screen
      .getAllByRole('button')
      .map((button) => [button.textContent ?? '', button.getAttribute('aria-expanded') === 'true']),
  );
}

const LONG_MENU_ROUTES: AppRoute[] = [
  ...MENU_ROUTES,
  { path: '/roles/:name', page, permission: 'list-roles' },
  { path: '/unit/:name', page, permission: 'backoffice-unit' },
];

function renderLongMenu(url: string) {
  return renderPages(
    [{ path: '*', element: <NavMenu orientation="vertical" routes={LONG_MENU_ROUTES} navigation={LONG_MENU} /> }],
    url,
  );
}

describe('NavMenu (side menu of many entries)', () => {
  it('starts with every section collapsed but the current page’s, and stores no choice for it', () => {
    signInWith(['admin'], []);
    renderLongMenu('/invoices');
    expect(expanded()).toEqual({ Customers: false, Billing: true, Administration: false });
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cuspid.nav-sections') ?? '{}')).toEqual({});
  });

  it('opens the section of the page navigated to, and closes again the one it had opened', async () => {
    signInWith(['admin'], []);
    const { router } = renderLongMenu('/invoices');
    await userEvent.click(sectionToggle('Customers'));
    await userEvent.click(await screen.findByRole('link', { name: 'Units' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unit'));
    // Customers was opened by the user and holds the page; Billing only held the page before.
    await waitFor(() => expect(expanded()).toEqual({ Customers: true, Billing: false, Administration: false }));
    expect(JSON.parse(localStorage.getItem('cuspid.nav-sections') ?? '{}')).toEqual({ customers: true });

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    // A section the user opened stays open.
    expect(expanded()).toEqual({ Customers: true, Billing: false, Administration: false });
  });

  it('remembers the sections the user opened and closed across a reload', async () => {
    signInWith(['admin'], []);
    const first = renderLongMenu('/home');
    expect(expanded()).toEqual({ Customers: false, Billing: false, Administration: false });
    await userEvent.click(sectionToggle('Administration'));
    expect(await screen.findByRole('link', { name: 'Users' })).toBeVisible();
    first.unmount();

    renderLongMenu('/home');
    expect(expanded()).toEqual({ Customers: false, Billing: false, Administration: true });
  });

  it('opens a section the user closed when a page inside it is opened', () => {
    localStorage.setItem('cuspid.nav-sections', JSON.stringify({ billing: false }));
    signInWith(['admin'], []);
    renderLongMenu('/payments');
    expect(expanded()).toEqual({ Customers: false, Billing: true, Administration: false });
  });

  it('ignores a stored value it cannot read', () => {
    localStorage.setItem('cuspid.nav-sections', '["billing"]');
    signInWith(['admin'], []);
    renderLongMenu('/home');
    expect(expanded()).toEqual({ Customers: false, Billing: false, Administration: false });
  });
});

describe('NavMenu (top menu)', () => {
  it('shows the sections as menu buttons, marks the one holding the current page, and its menu navigates', async () => {
    signInWith(['admin'], []);
    const { router } = renderWithProviders(
      <NavMenu orientation="horizontal" routes={MENU_ROUTES} navigation={MENU} />,
      { path: '/customers' },
    );
    expect(topMenu()).toEqual(['Home', 'Customers ▾', 'Billing ▾', 'FAQ', 'Administration ▾']);
    const customers = screen.getByRole('button', { name: 'Customers' });
    expect(customers).toHaveAttribute('aria-haspopup', 'menu');
    expect(customers).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Billing' })).not.toHaveAttribute('aria-current');

    await userEvent.click(customers);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Customers', 'Units']);
    expect(within(menu).getByRole('menuitem', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Units' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unit'));
  });

  it('opens a section menu from the keyboard and follows an entry with Enter', async () => {
    signInWith(['admin'], []);
    const { router } = renderWithProviders(
      <NavMenu orientation="horizontal" routes={MENU_ROUTES} navigation={MENU} />,
      { path: '/home' },
    );
    await userEvent.tab(); // Home
    await userEvent.tab(); // Customers
    await userEvent.tab(); // Billing
    const billing = screen.getByRole('button', { name: 'Billing' });
    expect(billing).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(billing).toHaveAttribute('aria-expanded', 'true');
    // The menu opens on its first entry.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Invoices' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Payments' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
  });
});

describe('NavMenu with the features’ entries', () => {
  it('gives a dental practice its home, help and account', () => {
    signInWith(['end-user'], []);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(sideMenu()).toEqual([
      'Home',
      'Help & support: FAQ, Data privacy',
      'My account: Account settings, My company',
    ]);
  });

  it('shows a practice holding the payment history its invoices, read-only, next to its payments (ADR 0118)', () => {
    signInWith(['end-user'], ['backoffice-payment-history', 'backoffice-credit']);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(sideMenu()).toContain('Billing: Invoices, Credits, Buy credits, Payment history');
  });

  it('adds the permissions entry, in Administration, for users who may list permissions', () => {
    signInWith(['end-user'], ['list-permissions']);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(sideMenu()).toEqual([
      'Home',
      'Help & support: FAQ, Data privacy',
      'Permissions',
      'My account: Account settings, My company',
    ]);
  });

  it('gives a practice holding backoffice-case-instance its cases, second after home', () => {
    signInWith(['end-user'], ['backoffice-case-instance']);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(sideMenu()).toEqual([
      'Home',
      'Cases',
      'Help & support: FAQ, Data privacy',
      'My account: Account settings, My company',
    ]);
  });

  it('shows the customers entry to partners holding backoffice-company', () => {
    signInWith(['reseller'], ['backoffice-company']);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(sideMenu()).toContain('Customers');
  });

  it('gives an admin every section that has entries', () => {
    signInWith(['admin'], []);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    expect(sideMenu()).toEqual([
      'Home',
      'Cases',
      'Customers: Customers, Units',
      'Billing: Invoices, Reminder levels, Invoice summary, Credits, Buy credits, Payment history, Packages, Coupon codes, Country credits, Credit settings',
      'Help & support: Support tickets, FAQ, Data privacy',
      'Content: News, Help content, Mail templates, Mail template assignment, Sent mails, Document templates, Document assignment',
      'Administration: Users, Roles, Permissions, API keys, Registration, Flags and tags, Audit trail',
      'My account: Account settings, My company',
    ]);
  });

  it('gives the operator\'s staff no "Buy credits": they sell credits, customers buy them', async () => {
    signInWith(['admin'], []);
    mockServer({ '/api/my-company': () => jsonResponse({ id: 'operator', is_operator: true }) });
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    await waitFor(() => expect(sideMenu().find((s) => s.startsWith('Billing'))).not.toContain('Buy credits'));
    expect(sideMenu().find((s) => s.startsWith('Billing'))).toContain('Payment history');
  });

  it("names each feature's entries, from the feature's own labels, in the user's language", async () => {
    signInWith(['admin'], []);
    await setLanguage('de', { remember: false });
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/home' });
    const menu = sideMenu();
    expect(menu[0]).toBe('Startseite');
    expect(menu.find((s) => s.startsWith('Hilfe'))).toContain('Support-Tickets');
    expect(menu.find((s) => s.startsWith('Inhalte'))).toContain('Neuigkeiten');
    expect(menu.find((s) => s.startsWith('Abrechnung'))).toContain('Gutscheincodes');
  });

  it('shows the account settings alone while a required two-factor sign-in is not set up', () => {
    sessionStore.signIn(loginResponse({ roles: ['admin'], two_factor_setup_required: true }));
    sessionStore.setPermissionTitles([]);
    renderWithProviders(<NavMenu orientation="vertical" />, { path: '/account-setting' });
    expect(sideMenu()).toEqual(['Account settings']);
  });
});
