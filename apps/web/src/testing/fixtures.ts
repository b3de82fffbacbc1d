import type { LoginResponse, Permission, TokenInfo, UserProfile, UserRecord } from '@cuspid/contracts';
import { vi } from 'vitest';

export const USER_ID = '0b9c5b9e-5a0e-4c7a-9a55-1f6b3f1d2a01';
export const COMPANY_ID = '7d3f0c4e-2b1a-4e8f-9c6d-5a4b3c2d1e0f';

export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: USER_ID,
    mail: 'dr.weiss@praxis.example',
    first_name: 'Anna',
    last_name: 'Weiss',
    phone: null,
    mobile: null,
    contact_language: 'en',
    timezone: 'Europe/Berlin',
    last_login: '2026-11-20T08:00:00.000Z',
    company_id: COMPANY_ID,
    company_name: 'Praxis Weiss',
    ...overrides,
  };
}

export function loginResponse(
  tokenInfo: Partial<TokenInfo> = {},
  tokens: { token?: string; refresh_token?: string } = {},
): LoginResponse {
  return {
    token: tokens.token ?? 'access-token-1',
    refresh_token: tokens.refresh_token ?? 'refresh-token-1-aaaaaaaaaaaaaaaa',
    token_info: {
      roles: ['end-user'],
      permissions: {},
      company_id: COMPANY_ID,
      scopes: ['auth', 'backoffice'],
      user_id: USER_ID,
      types: ['end-user'],
      user: userProfile(),
      expires_in: 900,
      two_factor_setup_required: false,
      ...tokenInfo,
    },
  };
}

export function permission(title: string, scope: string, value: string): Permission {
  return { id: crypto.randomUUID(), title, scope, value, grouping: null };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A user as the user list and show calls answer it. */
export function userRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: crypto.randomUUID(),
    mail: 'a@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: null,
    mobile: null,
    contact_language: 'en',
    timezone: 'UTC',
    last_login: null,
    is_active: true,
    status: 'active',
    invited_at: null,
    company_id: COMPANY_ID,
    company_name: 'Praxis',
    roles: ['end-user'],
    two_factor_enabled: false,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export type RecordedCall = { method: string; path: string; search: string; body: unknown };

/**
 * A fake server on `fetch`: answers by path (404 for any other), records every call. An answer may be a
 * function of the call, or a list answered in turn (the last one repeats).
 */
export function mockServer(answers: Record<string, ((call: RecordedCall) => Response) | (() => Response)[]>) {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        // JSON bodies parsed; a FormData (multipart upload) recorded as it is.
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      };
      calls.push(call);
      const answer = answers[url.pathname];
      if (Array.isArray(answer)) {
        const index = served.get(url.pathname) ?? 0;
        served.set(url.pathname, index + 1);
        return Promise.resolve(answer[Math.min(index, answer.length - 1)]!());
      }
      return Promise.resolve(answer ? answer(call) : jsonResponse({ code: 'NOT_FOUND', message: 'no mock' }, 404));
    }),
  );
  return calls;
}
