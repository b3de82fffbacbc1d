import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, loginResponse } from '../testing/fixtures';
import { ApiError, api, configureApiClient } from './api-client';
import { setLanguage } from './i18n';
import { sessionStore } from './session';

type Call = { url: string; init: RequestInit };

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string>)[name];
}

describe('api client', () => {
  let calls: Call[];
  const onSessionEnd = vi.fn();
  const showToast = vi.fn();

  beforeEach(() => {
    calls = [];
    configureApiClient({ onSessionEnd });
    onSessionEnd.mockReset();
    showToast.mockReset();
    vi.doMock('@mantine/notifications', async (importOriginal) => {
      const actual = await importOriginal<typeof import('@mantine/notifications')>();
      return { ...actual, notifications: { ...actual.notifications, show: showToast } };
    });
    sessionStore.signIn(loginResponse({}, { token: 'old-token', refresh_token: 'old-refresh-token-aaaaaaaaaaaa' }));
  });

  afterEach(() => {
    vi.doUnmock('@mantine/notifications');
  });

  function mockFetch(handler: (url: string, init: RequestInit, token: string | undefined) => Response) {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const token = header(init, 'Authorization')?.replace('Bearer ', '');
      return handler(url, init, token);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends the bearer token and the language to every service', async () => {
    await setLanguage('de', { remember: false });
    mockFetch(() => jsonResponse({ data: [], total: 0 }));
    await api.get('api', '/companies', { query: { page: 2, search: undefined } });
    await api.get('auth', '/profile');
    expect(calls[0]?.url).toBe('/api/companies?page=2');
    expect(header(calls[0]!.init, 'Authorization')).toBe('Bearer old-token');
    expect(header(calls[0]!.init, 'Accept-Language')).toBe('de');
    expect(header(calls[1]!.init, 'Accept-Language')).toBe('de');
  });

  it('refreshes once for concurrent 401s, then retries each request with the new token', async () => {
    const fresh = loginResponse({}, { token: 'new-token', refresh_token: 'new-refresh-token-aaaaaaaaaaaa' });
    mockFetch((url, init, token) => {
      if (url === '/auth/refresh-token') {
        expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'old-refresh-token-aaaaaaaaaaaa' });
        return jsonResponse(fresh);
      }
      return token === 'new-token' ? jsonResponse({ ok: url }) : jsonResponse({ code: 'TOKEN_EXPIRED' }, 401);
    });

    const results = await Promise.all([api.get('api', '/a'), api.get('api', '/b'), api.get('auth', '/profile')]);

    expect(results).toEqual([{ ok: '/api/a' }, { ok: '/api/b' }, { ok: '/auth/profile' }]);
    expect(calls.filter((call) => call.url === '/auth/refresh-token')).toHaveLength(1);
    expect(sessionStore.get()?.token).toBe('new-token');
    expect(sessionStore.get()?.refresh_token).toBe('new-refresh-token-aaaaaaaaaaaa');
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('clears the session, says "You need to relogin" and goes to / when the refresh fails', async () => {
    mockFetch((url) =>
      url === '/auth/refresh-token'
        ? jsonResponse({ code: 'INVALID_REFRESH_TOKEN', message: 'reused' }, 401)
        : jsonResponse({ code: 'TOKEN_EXPIRED', message: 'expired' }, 401),
    );

    const error = await api.get('api', '/companies').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem('cuspid.session')).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledWith({ showMessage: true });
    await vi.waitFor(
      () =>
        expect(showToast).toHaveBeenCalledWith(
          expect.objectContaining({ message: 'You need to relogin', title: 'Error' }),
        ),
      { timeout: 10_000 },
    );
  });

  it('ends the session on 419 without a message from the main backend, with one from other services', async () => {
    mockFetch(() => jsonResponse({ code: 'SESSION_EXPIRED', message: 'expired' }, 419));
    await expect(api.get('api', '/companies')).rejects.toMatchObject({ status: 419, code: 'SESSION_EXPIRED' });
    expect(sessionStore.get()).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledWith({ showMessage: false });

    sessionStore.signIn(loginResponse());
    await expect(api.get('mail', '/list-mail-templates')).rejects.toMatchObject({ status: 419 });
    expect(onSessionEnd).toHaveBeenLastCalledWith({ showMessage: true });
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(calls.some((call) => call.url.includes('refresh-token'))).toBe(false);
  });

  it('does not refresh when the sign-in itself answers 401', async () => {
    sessionStore.clear();
    mockFetch(() => jsonResponse({ code: 'INVALID_CREDENTIALS', message: 'The mail or password is wrong' }, 401));
    const error = await api
      .post('auth', '/login', { mail: 'a@b.c', password: 'x' }, { skipSessionHandling: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', message: 'The mail or password is wrong' });
    expect(calls).toHaveLength(1);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('turns an error answer into an ApiError with field errors, and a network failure into NETWORK_ERROR', async () => {
    mockFetch(() =>
      jsonResponse(
        { code: 'VALIDATION_FAILED', message: 'Invalid', errors: { mail: ['Taken', 'Other'] }, requestId: 'r1' },
        400,
      ),
    );
    await expect(api.post('auth', '/create-user', {})).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: { mail: ['Taken', 'Other'] },
      requestId: 'r1',
    });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('api', '/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(screen.queryByText('You need to relogin')).toBeNull();
  });

  it('shows only the two-factor setup once a call says a role requires it (403 TWO_FACTOR_SETUP_REQUIRED)', async () => {
    mockFetch(() =>
      jsonResponse({ code: 'TWO_FACTOR_SETUP_REQUIRED', message: 'Your role requires two-factor sign-in.' }, 403),
    );
    expect(sessionStore.get()?.token_info.two_factor_setup_required).toBe(false);
    await expect(api.get('api', '/units')).rejects.toMatchObject({ status: 403, code: 'TWO_FACTOR_SETUP_REQUIRED' });
    expect(sessionStore.get()?.token_info.two_factor_setup_required).toBe(true);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });
});
