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

describe('LoginForm: the two-factor step', () => {
  // Toasts of earlier tests may still be on screen (the notification store outlives a test): look at all of them.
  const errorToasts = () =>
    screen.queryAllByTestId('notification-error').map((toast) => toast.textContent?.replace(/^Error/, '') ?? '');
  const CHALLENGE = { two_factor_required: true, challenge: 'challenge-token-0123456789abcdef', expires_in: 300 };

  /** Answers POST /login with a challenge and POST /login/two-factor with the given answer. */
  function mockTwoFactorServer(secondStep: () => Response) {
    const fetchMock = vi.fn((input: string) =>
      Promise.resolve(input === '/auth/login' ? jsonResponse(CHALLENGE) : secondStep()),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  async function passPasswordStep() {
    await userEvent.type(screen.getByLabelText(/Email/), 'dr.weiss@praxis.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    return screen.findByLabelText(/^Authentication code/);
  }

  it('asks for the app code after the password and signs in with it', async () => {
    const response = loginResponse();
    const fetchMock = mockTwoFactorServer(() => jsonResponse(response));
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);

    const code = await passPasswordStep();
    expect(sessionStore.get()).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/login/two-factor');
    expect(JSON.parse(String(init.body))).toEqual({ challenge: CHALLENGE.challenge, code: '123 456' });
    expect(sessionStore.get()?.token).toBe(response.token);
  });

  it('checks the code format before calling the server', async () => {
    const fetchMock = mockTwoFactorServer(() => jsonResponse(loginResponse()));
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const code = await passPasswordStep();
    await userEvent.type(code, '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says clearly when the code is wrong, beside the field, and stays signed out', async () => {
    mockTwoFactorServer(() =>
      jsonResponse({ code: 'INVALID_TWO_FACTOR_CODE', message: 'The code is wrong or was used already' }, 401),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const code = await passPasswordStep();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('The code is wrong or was used already');
    await vi.waitFor(() => expect(errorToasts()).toContain('The code is wrong or was used already'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(sessionStore.get()).toBeNull();
  });

  it('takes a recovery code instead of the app code', async () => {
    const fetchMock = mockTwoFactorServer(() => jsonResponse(loginResponse()));
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await passPasswordStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText(/^Recovery code/), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).code).toBe('abcde-fghjk');
  });

  it('returns to mail and password when the challenge expired', async () => {
    mockTwoFactorServer(() =>
      jsonResponse(
        {
          code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
          message: 'The sign-in took too long. Please enter your mail and password again.',
        },
        401,
      ),
    );
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const code = await passPasswordStep();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('dr.weiss@praxis.example');
    await vi.waitFor(() => expect(errorToasts().join(' ')).toContain('The sign-in took too long'));
  });
});
