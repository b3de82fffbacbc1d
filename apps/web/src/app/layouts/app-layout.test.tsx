import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { loginResponse } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
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
    expect(screen.getByTestId('summary-company')).toHaveTextContent('Praxis Weiss');
    expect(screen.getByTestId('summary-roles')).toHaveTextContent('end-user');
    expect(document.title).toBe('Cuspid — dental scans, reconstructed');
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
});
