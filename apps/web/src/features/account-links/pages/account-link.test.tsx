import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse, mockServer } from '../../../testing/fixtures';
import { renderPages } from '../../../testing/render-app';
import { LoginForm } from '../../auth/components/login-form';
import { AcceptInvitationPage, ResetPasswordPage } from './account-link';
import { ForgotPasswordPage } from './forgot-password';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const MAIL = 'nora@praxis.example';
const inSuspense = (node: React.ReactNode) => <Suspense fallback={null}>{node}</Suspense>;
const pages = [
  { path: '/accept-invitation', element: inSuspense(<AcceptInvitationPage />) },
  { path: '/reset-password', element: inSuspense(<ResetPasswordPage />) },
  { path: '/forgot-password', element: inSuspense(<ForgotPasswordPage />) },
  { path: '/', element: <LoginForm onSuccess={() => {}} /> },
];
const linkInfo = (purpose: 'invitation' | 'password-reset') =>
  jsonResponse({ purpose, mail: MAIL, expires_at: '2026-12-01T10:00:00.000Z' });
const linkError = (code: string, message = 'refused') => jsonResponse({ code, message }, 400);

async function typePasswords(password: string, confirmation = password) {
  await userEvent.type(await screen.findByLabelText(/^Password\s*\*?$/), password);
  await userEvent.type(screen.getByLabelText(/^Password confirmation/), confirmation);
}

describe('/accept-invitation', () => {
  it('greets the invited user, checks the confirmation, then sets the password and signs in', async () => {
    const answer = loginResponse({}, { token: 'invited-user-token' });
    const calls = mockServer({
      '/auth/check-account-link': () => linkInfo('invitation'),
      '/auth/accept-invitation': () => jsonResponse(answer),
    });
    const { router } = renderPages(pages, `/accept-invitation?token=${TOKEN}`);
    expect(await screen.findByText(`Choose a password for ${MAIL}. You are signed in right after.`)).toBeVisible();
    expect(calls[0]?.body).toEqual({ token: TOKEN });
    expect(screen.getByTestId('link-valid-until')).toHaveTextContent(/valid until/);

    await typePasswords('Fresh#Pass42', 'Fresh#Pass43');
    await userEvent.click(screen.getByTestId('set-password-submit'));
    expect(await screen.findByText('Password and confirmation must match')).toBeVisible();
    expect(calls.some((c) => c.path === '/auth/accept-invitation')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/^Password confirmation/));
    await userEvent.type(screen.getByLabelText(/^Password confirmation/), 'Fresh#Pass42');
    await userEvent.click(screen.getByTestId('set-password-submit'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.find((c) => c.path === '/auth/accept-invitation')?.body).toEqual({
      token: TOKEN,
      password: 'Fresh#Pass42',
    });
    expect(sessionStore.get()?.token).toBe('invited-user-token');
  });

  it('refuses a weak password before sending it', async () => {
    const calls = mockServer({ '/auth/check-account-link': () => linkInfo('invitation') });
    renderPages(pages, `/accept-invitation?token=${TOKEN}`);
    await typePasswords('password');
    await userEvent.click(screen.getByTestId('set-password-submit'));
    expect(await screen.findByText('The Password must contain at least 1 number')).toBeVisible();
    expect(calls.map((c) => c.path)).toEqual(['/auth/check-account-link']);
  });

  it('says plainly that an expired invitation must be sent again, without a form', async () => {
    mockServer({ '/auth/check-account-link': () => linkError('LINK_EXPIRED') });
    renderPages(pages, `/accept-invitation?token=${TOKEN}`);
    expect(await screen.findByText('This invitation has expired.')).toBeVisible();
    expect(screen.getByText('Ask the person who invited you to send the invitation again.')).toBeVisible();
    expect(screen.queryByTestId('set-password-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('link-request-new')).not.toBeInTheDocument();
  });

  it('sends a user whose invitation was accepted already to sign-in', async () => {
    mockServer({ '/auth/check-account-link': () => linkError('LINK_USED') });
    const { router } = renderPages(pages, `/accept-invitation?token=${TOKEN}`);
    expect(
      await screen.findByText('This invitation was accepted already. Sign in with your mail address and password.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Go to sign-in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('treats a link without a token, or a reset link, as not valid', async () => {
    const calls = mockServer({ '/auth/check-account-link': () => linkInfo('password-reset') });
    const { unmount } = renderPages(pages, '/accept-invitation');
    expect(await screen.findByTestId('link-problem')).toHaveAttribute('data-kind', 'invalid');
    expect(calls).toHaveLength(0);
    unmount();
    renderPages(pages, `/accept-invitation?token=${TOKEN}`);
    expect(await screen.findByTestId('link-problem')).toHaveAttribute('data-kind', 'invalid');
  });
});

describe('/reset-password', () => {
  it('sets the new password, ends the local session of that account and goes to sign-in', async () => {
    sessionStore.signIn(loginResponse({ user: { ...loginResponse().token_info.user, mail: MAIL } }));
    const calls = mockServer({
      '/auth/check-account-link': () => linkInfo('password-reset'),
      '/auth/reset-password': () => jsonResponse({ message: 'Your password was changed.' }),
    });
    const { router } = renderPages(pages, `/reset-password?token=${TOKEN}`);
    expect(await screen.findByText(/Every device signed in with the old password is signed out/)).toBeVisible();
    await typePasswords('Fresh#Pass42');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({
      token: TOKEN,
      password: 'Fresh#Pass42',
    });
    expect(sessionStore.get()).toBeNull();
    expect(await screen.findByText('Your password was changed. You can sign in with it now.')).toBeVisible();
  });

  it('shows the problem when the link was used meanwhile, with a way to a new one', async () => {
    mockServer({
      '/auth/check-account-link': () => linkInfo('password-reset'),
      '/auth/reset-password': () => linkError('LINK_USED'),
    });
    const { router } = renderPages(pages, `/reset-password?token=${TOKEN}`);
    await typePasswords('Fresh#Pass42');
    await userEvent.click(screen.getByTestId('set-password-submit'));
    expect(await screen.findByText('This link was used already.')).toBeVisible();
    await userEvent.click(screen.getByTestId('link-request-new'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});

describe('/forgot-password', () => {
  it('is reached from the sign-in form and confirms without telling whether the account exists', async () => {
    const calls = mockServer({
      '/auth/forgot-password': () => jsonResponse({ message: 'If an account exists…' }, 202),
    });
    const { router } = renderPages(pages, '/');
    await userEvent.click(await screen.findByTestId('forgot-password-link'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));

    await userEvent.click(await screen.findByTestId('forgot-password-submit'));
    expect(await screen.findByText('The Email field is required')).toBeVisible();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/Email/), ' Nora@Praxis.example ');
    await userEvent.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByTestId('forgot-password-sent')).toHaveTextContent(
      `If an account exists for ${MAIL}, a link to choose a new password is on its way.`,
    );
    expect(calls[0]?.body).toEqual({ mail: MAIL });
    expect(screen.queryByTestId('forgot-password-form')).not.toBeInTheDocument();
  });

  it('shows the pause when too many links were asked for', async () => {
    mockServer({
      '/auth/forgot-password': () =>
        jsonResponse({ code: 'TOO_MANY_REQUESTS', message: 'Too many password-reset requests.' }, 429),
    });
    renderPages(pages, '/forgot-password');
    await userEvent.type(await screen.findByLabelText(/Email/), MAIL);
    await userEvent.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByText('Too many attempts. Please try again later')).toBeVisible();
    expect(screen.getByTestId('forgot-password-form')).toBeInTheDocument();
  });
});
