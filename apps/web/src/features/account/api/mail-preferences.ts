import { AUTH_ROUTES } from '@cuspid/contracts';
import type { MailPreferences, UpdateMailPreferencesBody } from '@cuspid/contracts/mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const mailPreferenceKeys = { all: ['mail-preferences'] as const };

export const getMailPreferences = (signal?: AbortSignal) =>
  api.get<MailPreferences>('auth', AUTH_ROUTES.mailPreferences, { signal });
export const updateMailPreferences = (body: UpdateMailPreferencesBody) =>
  api.put<MailPreferences>('auth', AUTH_ROUTES.mailPreferences, body);

export const useMailPreferences = () =>
  useQuery({ queryKey: mailPreferenceKeys.all, queryFn: ({ signal }) => getMailPreferences(signal) });

export function useUpdateMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMailPreferences,
    onSuccess: (preferences) => client.setQueryData(mailPreferenceKeys.all, preferences),
  });
}
