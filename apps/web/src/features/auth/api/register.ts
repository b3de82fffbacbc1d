import { AUTH_ROUTES, type RegisterBody } from '@cuspid/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export type RegisterResponse = { message: string; user_id: string };

/** POST /create-user without a session: self-registration, in the language the page is shown in (the welcome mail's). */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return api.post<RegisterResponse>(
    'auth',
    AUTH_ROUTES.createUser,
    { ...body, contact_language: currentLanguage() },
    { skipSessionHandling: true },
  );
}

export const useRegister = () => useMutation({ mutationFn: register });
