import { AUTH_ROUTES, type ChangePasswordBody } from '@cuspid/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('auth', AUTH_ROUTES.changePassword, body);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
