import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('shows the spec messages when mail and password are empty, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The Email field is required')).toBeInTheDocument();
    expect(screen.getByText('The Password field is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed mail address', async () => {
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'not-a-mail');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The Email field must be a valid email')).toBeInTheDocument();
  });

  it('signs in with the normalised mail, stores the session and reports success', async () => {
    const response = loginResponse();
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(response));
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);

    await userEvent.type(screen.getByLabelText(/Email/), '  Dr.Weiss@Praxis.example ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ mail: 'dr.weiss@praxis.example', password: 'Secret#123' });
    expect(sessionStore.get()?.token).toBe(response.token);
    expect(JSON.parse(localStorage.getItem('cuspid.session') ?? '{}').token_info.user.mail).toBe(
      'dr.weiss@praxis.example',
    );
  });

  it('shows the translated error of a refused sign-in and stays signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' }, 401)),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);

    await userEvent.type(screen.getByLabelText(/Email/), 'dr.weiss@praxis.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The mail or password is wrong')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(sessionStore.get()).toBeNull();
  });

  it('toggles the password visibility', async () => {
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const input = screen.getByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show or hide the password' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('says plainly that sign-in is paused after too many failures (429)', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse(
            { code: 'TOO_MANY_REQUESTS', message: 'Too many sign-in attempts. Please try again in 15 minutes.' },
            429,
          ),
        ),
    );
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    expect(screen.queryByTestId('login-locked')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Email/), 'dr.weiss@praxis.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const locked = await screen.findByTestId('login-locked');
    expect(locked).toHaveAttribute('role', 'alert');
    expect(locked).toHaveTextContent('Sign-in paused');
    expect(locked).toHaveTextContent('sign-in is paused for a few minutes');
  });
});
