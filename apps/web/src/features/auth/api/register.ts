import { AUTH_ROUTES, type RegisterBody } from '@cuspid/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegisterResponse = { message: string; user_id: string };

/** POST /create-user without a session: self-registration. */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('auth', AUTH_ROUTES.createUser, body, { skipSessionHandling: true });
}

export const useRegister = () => useMutation({ mutationFn: register });
