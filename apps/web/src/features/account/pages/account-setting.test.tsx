import type { SessionRecord } from '@cuspid/contracts';
import { USER_MAIL_EVENTS } from '@cuspid/contracts/mail';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse, userProfile } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { AccountSettingPage } from './account-setting';

type Answers = {
  updateProfile?: () => Response;
  changePassword?: () => Response;
  sessions?: () => Response;
  signOutOthers?: () => Response;
  signOutSession?: () => Response;
};

/** Signs in and answers GET /profile, POST /update-profile and POST /change-password. */
function mockServer(answers: Answers = {}) {
  sessionStore.signIn(loginResponse());
  sessionStore.setPermissionTitles([]);
  const fetchMock = vi.fn((input: string, _init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/auth/profile') return Promise.resolve(jsonResponse(userProfile()));
    if (path === '/auth/mail-preferences') {
      return Promise.resolve(jsonResponse({ data: USER_MAIL_EVENTS.map((event) => ({ event, mail: true })) }));
    }
    if (path === '/auth/update-profile' && answers.updateProfile) return Promise.resolve(answers.updateProfile());
    if (path === '/auth/change-password' && answers.changePassword) return Promise.resolve(answers.changePassword());
    if (path === '/auth/list-sessions' && answers.sessions) return Promise.resolve(answers.sessions());
    if (path === '/auth/sign-out-other-sessions' && answers.signOutOthers) {
      return Promise.resolve(answers.signOutOthers());
    }
    if (path === '/auth/sign-out-session' && answers.signOutSession) return Promise.resolve(answers.signOutSession());
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no mock' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof mockServer>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => new URL(input, 'http://localhost').pathname === path);
}

function renderPage() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <AccountSettingPage />
    </Suspense>,
    { path: '/account-setting' },
  );
}

const passwordFields = () => ({
  current: screen.getByLabelText(/^Current password/),
  next: screen.getByLabelText(/^New password(?! confirmation)/),
  confirmation: screen.getByLabelText(/^New password confirmation/),
});
const changePasswordButton = () => screen.getByRole('button', { name: 'Change password' });

describe('AccountSettingPage: profile form', () => {
  it('loads the profile and sends the edited fields to update-profile', async () => {
    const fetchMock = mockServer({
      updateProfile: () => jsonResponse(userProfile({ first_name: 'Anne', phone: '+49 30 1234' })),
    });
    renderPage();

    const firstName = await screen.findByLabelText('First name');
    expect(firstName).toHaveValue('Anna');
    expect(screen.getByLabelText('Last name')).toHaveValue('Weiss');
    expect(screen.getByTestId('profile-submit')).toBeDisabled();

    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Anne');
    await userEvent.type(screen.getByLabelText('Phone'), '+49 30 1234');
    await userEvent.click(screen.getByTestId('profile-submit'));

    expect(await screen.findByText('Your profile was saved')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/auth/update-profile');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      first_name: 'Anne',
      last_name: 'Weiss',
      phone: '+49 30 1234',
      mobile: null,
      contact_language: 'en',
      timezone: 'Europe/Berlin',
    });
    expect(sessionStore.get()?.token_info.user.first_name).toBe('Anne');
    expect(screen.getByTestId('profile-submit')).toBeDisabled();
  });

  it('puts the field errors of a 400 answer on the form', async () => {
    mockServer({
      updateProfile: () =>
        jsonResponse(
          { code: 'VALIDATION_FAILED', message: 'The given data was invalid', errors: { phone: ['Invalid phone'] } },
          400,
        ),
    });
    renderPage();

    const phone = await screen.findByLabelText('Phone');
    await userEvent.type(phone, 'not a phone');
    await userEvent.click(screen.getByTestId('profile-submit'));

    expect(await screen.findByText('Invalid phone')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('AccountSettingPage: password change', () => {
  it('says that new password and confirmation must match, without calling the server', async () => {
    const fetchMock = mockServer();
    renderPage();
    await screen.findByLabelText('First name');

    const { current, next, confirmation } = passwordFields();
    await userEvent.type(current, 'Old#12345');
    await userEvent.type(next, 'Secret#123');
    await userEvent.type(confirmation, 'Secret#124');
    await userEvent.click(changePasswordButton());

    expect(await screen.findByText('Password and confirmation must match')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/auth/change-password')).toHaveLength(0);
  });

  it('ticks off the password policy while typing', async () => {
    mockServer();
    renderPage();
    await screen.findByLabelText('First name');
    const rule = (name: string) => screen.getByTestId('password-rules').querySelector(`[data-rule="${name}"]`);
    expect(rule('min')).toHaveAttribute('data-met', 'false');

    await userEvent.type(passwordFields().next, 'abcdefg1');
    expect(rule('min')).toHaveAttribute('data-met', 'true');
    expect(rule('number')).toHaveAttribute('data-met', 'true');
    expect(rule('capital')).toHaveAttribute('data-met', 'false');
    expect(rule('special')).toHaveAttribute('data-met', 'false');

    await userEvent.type(passwordFields().next, 'A!');
    expect(rule('capital')).toHaveAttribute('data-met', 'true');
    expect(rule('special')).toHaveAttribute('data-met', 'true');
  });

  it('changes the password, shows a success toast and empties the form', async () => {
    const fetchMock = mockServer({ changePassword: () => jsonResponse({ message: 'Your password was changed' }) });
    renderPage();
    await screen.findByLabelText('First name');

    const { current, next, confirmation } = passwordFields();
    await userEvent.type(current, 'Old#12345');
    await userEvent.type(next, 'Secret#123');
    await userEvent.type(confirmation, 'Secret#123');
    await userEvent.click(changePasswordButton());

    expect(await screen.findByText('Your password was changed')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/auth/change-password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ current_password: 'Old#12345', new_password: 'Secret#123' });
    expect(passwordFields().current).toHaveValue('');
    expect(passwordFields().next).toHaveValue('');
  });
});

describe('AccountSettingPage: unsaved changes', () => {
  it('leaves without asking while nothing was changed', async () => {
    mockServer();
    const { router } = renderPage();
    await screen.findByLabelText('First name');

    await act(() => router.navigate('/home'));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
  });

  it('asks before leaving an edited form: stay keeps the edits, leave goes on', async () => {
    mockServer();
    const { router } = renderPage();
    const firstName = await screen.findByLabelText('First name');
    await userEvent.type(firstName, 'x');

    await act(() => router.navigate('/home'));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-setting');

    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await vi.waitFor(() => expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/account-setting');
    expect(screen.getByLabelText('First name')).toHaveValue('Annax');

    await act(() => router.navigate('/home'));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave and discard' }));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('asks about the password form too', async () => {
    mockServer();
    const { router } = renderPage();
    await screen.findByLabelText('First name');
    await userEvent.type(passwordFields().current, 'Old#12345');

    await act(() => router.navigate('/faq'));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
  });

  it('lets the browser warn on reload or closing the tab only while there are unsaved changes', async () => {
    mockServer();
    renderPage();
    const firstName = await screen.findByLabelText('First name');

    const before = new Event('beforeunload', { cancelable: true });
    fireEvent(window, before);
    expect(before.defaultPrevented).toBe(false);

    await userEvent.type(firstName, 'x');
    const after = new Event('beforeunload', { cancelable: true });
    fireEvent(window, after);
    expect(after.defaultPrevented).toBe(true);
  });

  it('does not hold back a sign-out', async () => {
    mockServer();
    const { router } = renderPage();
    await userEvent.type(await screen.findByLabelText('First name'), 'x');

    await act(() => router.navigate('/'));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
    expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument();
  });
});

describe('AccountSettingPage: sessions card', () => {
  const session = (overrides: Partial<SessionRecord>): SessionRecord => ({
    id: crypto.randomUUID(),
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    ip: '192.0.2.10',
    created_at: '2026-11-20T08:00:00.000Z',
    last_used_at: new Date().toISOString(),
    current: false,
    ...overrides,
  });

  it('names each device by browser and system, not by its raw User-Agent', async () => {
    mockServer({
      sessions: () =>
        jsonResponse({
          data: [session({ current: true }), session({ user_agent: 'curl/8.11.1' }), session({ user_agent: null })],
          count: 3,
        }),
    });
    renderPage();
    const rows = await screen.findAllByTestId('sessions-row');
    expect(rows[0]).toHaveTextContent('Firefox 140 on Linux');
    expect(rows[0]).not.toHaveTextContent('Mozilla');
    expect(rows[1]).toHaveTextContent('curl/8.11.1');
    expect(rows[2]).toHaveTextContent('Unknown device');
  });

  it('lists the sessions, marks this device, and signs out the others', async () => {
    const current = session({ current: true, user_agent: 'Chrome on this laptop' });
    const other = session({ user_agent: 'Safari on a phone', ip: '198.51.100.7' });
    let signedOut = false;
    const fetchMock = mockServer({
      sessions: () => jsonResponse(signedOut ? { data: [current], count: 1 } : { data: [current, other], count: 2 }),
      signOutOthers: () => {
        signedOut = true;
        return jsonResponse({ message: 'Your other sessions were signed out' });
      },
    });
    renderPage();

    const rows = await screen.findAllByTestId('sessions-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeVisible();
    expect(rows[1]).toHaveTextContent('Safari on a phone');
    expect(rows[1]).toHaveTextContent('198.51.100.7');
    expect(within(rows[1]!).queryByText('This device')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('sessions-sign-out-others'));
    expect(await screen.findByText('Your other sessions were signed out')).toBeVisible();
    await vi.waitFor(() => expect(screen.getAllByTestId('sessions-row')).toHaveLength(1));
    expect(callsTo(fetchMock, '/auth/sign-out-other-sessions')[0]?.[1]?.method).toBe('POST');
    expect(screen.getByTestId('sessions-sign-out-others')).toBeDisabled();
  });

  it('ends one other session after a confirmation; cancelling ends nothing', async () => {
    const current = session({ current: true, user_agent: 'Chrome on this laptop' });
    const other = session({ user_agent: 'Safari on a phone', ip: '198.51.100.7' });
    let ended = false;
    const fetchMock = mockServer({
      sessions: () => jsonResponse(ended ? { data: [current], count: 1 } : { data: [current, other], count: 2 }),
      signOutSession: () => {
        ended = true;
        return jsonResponse({ message: 'The session was signed out' });
      },
    });
    renderPage();

    const rows = await screen.findAllByTestId('sessions-row');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'End session: Safari on a phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent('The device of this session is signed out at once and must sign in again.');
    expect(dialog).toHaveTextContent('Safari on a phone · 198.51.100.7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, '/auth/sign-out-session')).toHaveLength(0);

    await userEvent.click(within(rows[1]!).getByTestId('sessions-end'));
    await userEvent.click(await screen.findByTestId('sessions-end-submit'));

    expect(await screen.findByText('The session was ended')).toBeVisible();
    await vi.waitFor(() => expect(screen.getAllByTestId('sessions-row')).toHaveLength(1));
    const calls = callsTo(fetchMock, '/auth/sign-out-session');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ id: other.id });
    // Only the other device was signed out: this one keeps its session.
    expect(sessionStore.get()?.token).toBe('access-token-1');
  });

  it('ending the current session signs this device out, without reloading the list with the ended session', async () => {
    const current = session({ current: true, user_agent: 'Chrome on this laptop' });
    const fetchMock = mockServer({
      sessions: () => jsonResponse({ data: [current], count: 1 }),
      signOutSession: () => jsonResponse({ message: 'The session was signed out' }),
    });
    renderPage();

    await userEvent.click(await screen.findByTestId('sessions-end'));
    expect(await screen.findByRole('dialog', { name: 'End this session?' })).toHaveTextContent(
      'This is the device you are using: you are signed out here at once.',
    );
    await userEvent.click(screen.getByTestId('sessions-end-submit'));

    await vi.waitFor(() => expect(sessionStore.get()).toBeNull());
    const calls = fetchMock.mock.calls.map(([input, init]) => ({
      path: new URL(input, 'http://localhost').pathname,
      authorization: (init?.headers as Record<string, string> | undefined)?.Authorization,
    }));
    const endedAt = calls.findIndex((c) => c.path === '/auth/sign-out-session');
    expect(JSON.parse(String(fetchMock.mock.calls[endedAt]?.[1]?.body))).toEqual({ id: current.id });
    // The ended session's token is not sent again (it would answer 419 and show "You need to relogin").
    expect(calls.slice(endedAt + 1).filter((c) => c.authorization)).toEqual([]);
    expect(await screen.findByText('You are signed out')).toBeVisible();
    expect(screen.queryByText('You need to relogin')).not.toBeInTheDocument();
  });

  it('keeps the session and says why when ending a session fails', async () => {
    const current = session({ current: true });
    const other = session({ user_agent: 'Safari on a phone' });
    mockServer({
      sessions: () => jsonResponse({ data: [current, other], count: 2 }),
      signOutSession: () => jsonResponse({ code: 'NOT_FOUND', message: 'The record was not found' }, 404),
    });
    renderPage();

    const rows = await screen.findAllByTestId('sessions-row');
    await userEvent.click(within(rows[1]!).getByTestId('sessions-end'));
    await userEvent.click(await screen.findByTestId('sessions-end-submit'));
    expect(await screen.findByText('The record was not found')).toBeVisible();
    expect(sessionStore.get()?.token).toBe('access-token-1');
  });
});
