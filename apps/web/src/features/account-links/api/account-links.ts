import {
  type AccountLinkInfo,
  AUTH_ROUTES,
  type ForgotPasswordBody,
  type LoginResponse,
  type SetPasswordWithLinkBody,
} from '@cuspid/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/** The public calls behind mailed links (ADR 0034); none of them needs or touches a session before it succeeds. */
const open = { skipSessionHandling: true } as const;

/** Whom a link is for; refused with LINK_INVALID, LINK_EXPIRED or LINK_USED. */
export const checkAccountLink = (token: string) =>
  api.post<AccountLinkInfo>('auth', AUTH_ROUTES.checkAccountLink, { token }, open);

export const useAccountLink = (token: string) =>
  useQuery({
    queryKey: ['account-link', token],
    queryFn: () => checkAccountLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Accepting an invitation signs the invited user in (its answer is the sign-in answer). */
export async function acceptInvitation(body: SetPasswordWithLinkBody): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('auth', AUTH_ROUTES.acceptInvitation, body, open);
  if (response?.token) sessionStore.signIn(response);
  return response;
}

export const resetPassword = (body: SetPasswordWithLinkBody) =>
  api.post<{ message: string }>('auth', AUTH_ROUTES.resetPassword, body, open);

export const forgotPassword = (body: ForgotPasswordBody) =>
  api.post<{ message: string }>('auth', AUTH_ROUTES.forgotPassword, body, open);

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
