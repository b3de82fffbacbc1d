import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { loginResponse } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { setViewport } from '../../testing/viewport';
import { ROUTES } from '../route-table';

function signIn() {
  sessionStore.signIn(loginResponse());
  sessionStore.setPermissionTitles([]);
}

describe('AppLayout', () => {
  it('welcomes the user on the home page, with the company and roles', async () => {
    signIn();
    renderRoutes(ROUTES, '/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Anna' })).toBeInTheDocument();
    // The account summary is the account feature's card in the home page's slot: it loads on its own.
    expect(await screen.findByTestId('summary-company')).toHaveTextContent('Praxis Weiss');
    // A built-in role by its translated name; the tab names the page and the product.
    expect(screen.getByTestId('summary-roles')).toHaveTextContent('Dental practice');
    await waitFor(() => expect(document.title).toBe('Home — Cuspid'));
  });

  it('switches between the side menu and the top menu and remembers the choice', async () => {
    signIn();
    renderRoutes(ROUTES, '/home');
    const shell = await screen.findByTestId('app-shell');
    expect(shell).toHaveAttribute('data-layout', 'vertical');

    await userEvent.click(screen.getByRole('button', { name: 'Switch layout' }));

    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-layout', 'horizontal');
    expect(localStorage.getItem('cuspid.layout')).toBe('horizontal');
  });

  it('changes every label to the chosen language without a reload', async () => {
    signIn();
    renderRoutes(ROUTES, '/home');
    await screen.findByRole('heading', { name: 'Welcome, Anna' });

    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(await screen.findByTestId('language-option-de'));

    expect(await screen.findByRole('heading', { name: 'Willkommen, Anna' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kontoeinstellungen' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-roles')).toHaveTextContent('Zahnarztpraxis');
    await waitFor(() => expect(document.title).toBe('Startseite — Cuspid'));
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('cuspid.language')).toBe('de');
  });

  it('logs out locally and returns to the login page', async () => {
    signIn();
    const { router } = renderRoutes(ROUTES, '/home');
    await screen.findByRole('heading', { name: 'Welcome, Anna' });

    await userEvent.click(screen.getByRole('button', { name: /^User menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem('cuspid.session')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('on a phone keeps the burger, the name and the search in the header and the user menu in the drawer', async () => {
    setViewport(390);
    signIn();
    const { router } = renderRoutes(ROUTES, '/home');
    await screen.findByRole('heading', { name: 'Welcome, Anna' });

    // The header's other tools hide below sm (visibleFrom), the drawer's user part shows only there (hiddenFrom).
    expect(screen.getByTestId('header-tools')).toHaveClass('mantine-visible-from-sm');
    const drawer = screen.getByTestId('drawer-user-section');
    expect(drawer.parentElement).toHaveClass('mantine-hidden-from-sm');
    expect(screen.getByTestId('nav-toggle')).toBeInTheDocument();
    expect(screen.getByTestId('search-button')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('nav-toggle'));
    expect(within(drawer).getByTestId('drawer-user-identity')).toHaveTextContent('Anna');
    expect(within(drawer).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account-setting');

    await userEvent.selectOptions(within(drawer).getByRole('combobox', { name: 'Language' }), 'de');
    expect(await screen.findByRole('heading', { name: 'Willkommen, Anna' })).toBeInTheDocument();
    expect(localStorage.getItem('cuspid.language')).toBe('de');

    await userEvent.click(within(drawer).getByRole('switch', { name: 'Dunkles Design' }));
    expect(within(drawer).getByRole('switch', { name: 'Dunkles Design' })).toBeChecked();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get()).toBeNull();
  });

  it('with the top menu, a phone opens the side menu as the drawer from the burger', async () => {
    setViewport(390);
    localStorage.setItem('cuspid.layout', 'horizontal');
    signIn();
    renderRoutes(ROUTES, '/home');
    await screen.findByRole('heading', { name: 'Welcome, Anna' });
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-layout', 'horizontal');
    const inDrawer = () => screen.getByTestId('nav-menu').closest('.mantine-AppShell-navbar');
    expect(inDrawer()).toBeNull();

    await userEvent.click(screen.getByTestId('nav-toggle'));

    // The side menu replaces the top row while the drawer is open.
    expect(inDrawer()).not.toBeNull();
    expect(within(screen.getByTestId('nav-menu')).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByTestId('drawer-logout')).toBeInTheDocument();
  });
});
