import { AUTH_ROUTES, type LoginBody, type LoginResponse } from '@cuspid/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/** POST /login: when the answer holds a token, it becomes the current session. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('auth', AUTH_ROUTES.login, body, { skipSessionHandling: true });
  if (response?.token) sessionStore.signIn(response);
  return response;
}

export const useLogin = () => useMutation({ mutationFn: login });
