import { IDENTITY_ROUTES, type SessionRecord } from '@cuspid/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sessionKeys = { all: ['sessions'] as const };

export const listSessions = (signal?: AbortSignal) =>
  api.get<{ data: SessionRecord[]; count: number }>('auth', IDENTITY_ROUTES.listSessions, { signal });
export const signOutOtherSessions = () => api.post<{ message: string }>('auth', IDENTITY_ROUTES.signOutOtherSessions);

export const useSessions = () => useQuery({ queryKey: sessionKeys.all, queryFn: ({ signal }) => listSessions(signal) });
export function useSignOutOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
