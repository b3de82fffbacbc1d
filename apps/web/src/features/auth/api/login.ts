import type { LoginBody } from '@cuspid/contracts';
import { AUTH_ROUTES } from '@cuspid/contracts/auth-routes';
// Types only: the two-factor contracts (zod schemas) stay out of the login page's JS.
import type { LoginAnswer, TwoFactorChallenge } from '@cuspid/contracts/two-factor';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/**
 * POST /login: when the answer holds a token, it becomes the current session; with two-factor sign-in
 * on, the answer is a challenge for the second step instead (ADR 0033).
 */
export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  'two_factor_required' in answer && answer.two_factor_required === true;

export async function login(body: LoginBody): Promise<LoginAnswer> {
  const response = await api.post<LoginAnswer>('auth', AUTH_ROUTES.login, body, { skipSessionHandling: true });
  if (response && !isTwoFactorChallenge(response) && response.token) sessionStore.signIn(response);
  return response;
}

export const useLogin = () => useMutation({ mutationFn: login });
