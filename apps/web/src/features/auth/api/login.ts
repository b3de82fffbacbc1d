import { AUTH_ROUTES, isTwoFactorChallenge, type LoginAnswer, type LoginBody } from '@cuspid/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/**
 * POST /login: when the answer holds a token, it becomes the current session; with two-factor sign-in
 * on, the answer is a challenge for the second step instead (ADR 0033).
 */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  const response = await api.post<LoginAnswer>('auth', AUTH_ROUTES.login, body, { skipSessionHandling: true });
  if (response && !isTwoFactorChallenge(response) && response.token) sessionStore.signIn(response);
  return response;
}

export const useLogin = () => useMutation({ mutationFn: login });
