import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse, loginResponse } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-app';
import { UserMenu } from './user-menu';

const REFRESH_TOKEN = 'refresh-token-of-this-device-aaaaaaaaaa';

/** Signs in, renders the menu on /home and answers POST /auth/logout with `answer`; records each logout call. */
function setUp(answer: () => Promise<Response>) {
  sessionStore.signIn(loginResponse({}, { token: 'access-token-1', refresh_token: REFRESH_TOKEN }));
  sessionStore.setPermissionTitles([]);
  const calls: { path: string; init: RequestInit | undefined; signedInDuringCall: boolean }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      calls.push({ path, init, signedInDuringCall: sessionStore.get() !== null });
      return path === '/auth/logout' ? answer() : Promise.resolve(jsonResponse({ code: 'NOT_FOUND' }, 404));
    }),
  );
  const { router } = renderWithProviders(<UserMenu />, { path: '/home' });
  return { router, calls };
}

async function clickLogout() {
  await userEvent.click(screen.getByTestId('user-menu'));
  await userEvent.click(await screen.findByTestId('logout-button'));
}

describe('UserMenu: logout', () => {
  it('ends the session on the server with the refresh token first, then forgets it here', async () => {
    const { router, calls } = setUp(() => Promise.resolve(jsonResponse({ message: 'You are signed out' })));
    await clickLogout();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get()).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/auth/logout']);
    const [call] = calls;
    expect(call?.init?.method).toBe('POST');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ refresh_token: REFRESH_TOKEN });
    // The access token may have expired: the refresh token alone names the session.
    const headers = (call?.init?.headers ?? {}) as Record<string, string>;
    expect(headers['Accept-Language']).toBeDefined();
    expect(headers.Authorization).toBeUndefined();
    expect(call?.signedInDuringCall).toBe(true);
  });

  it.each([
    ['the server answers an error', () => Promise.resolve(jsonResponse({ code: 'INVALID_REFRESH_TOKEN' }, 401))],
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('signs out here all the same when %s', async (_case, answer) => {
    const { router, calls } = setUp(answer);
    await clickLogout();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get()).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/auth/logout']);
    expect(screen.queryByText('You need to relogin')).not.toBeInTheDocument();
  });
});
