import { AUTH_ROUTES, type LoginResponse } from '@cuspid/contracts';
import type { LoginTwoFactorBody } from '@cuspid/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/** POST /login/two-factor: the challenge and a code; the answer becomes the current session. */
export async function verifyTwoFactor(body: LoginTwoFactorBody): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('auth', AUTH_ROUTES.loginTwoFactor, body, {
    skipSessionHandling: true,
  });
  sessionStore.signIn(response);
  return response;
}
