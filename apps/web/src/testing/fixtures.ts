import type { LoginResponse, Permission, TokenInfo, UserProfile } from '@cuspid/contracts';

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
