import type { sessionRecordSchema } from '@cuspid/contracts';
import { IDENTITY_ROUTES, type SessionRecord } from '@cuspid/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CountedList } from '../../../lib/list-types';
import { clearLocalSession } from '../../auth';

export const sessionKeys = { all: ['sessions'] as const };

export const listSessions = (signal?: AbortSignal) =>
  api.get<CountedList<typeof sessionRecordSchema>>('auth', IDENTITY_ROUTES.listSessions, { signal });
export const signOutOtherSessions = () => api.post<{ message: string }>('auth', IDENTITY_ROUTES.signOutOtherSessions);
export const signOutSession = (id: string) =>
  api.post<{ message: string }>('auth', IDENTITY_ROUTES.signOutSession, { id });

export const useSessions = () => useQuery({ queryKey: sessionKeys.all, queryFn: ({ signal }) => listSessions(signal) });
export function useSignOutOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/**
 * Ends one session of the user. Ending the current one is a logout: this device then forgets the
 * session (and the route guard returns to the login page) instead of reloading the list with it.
 */
export function useSignOutSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<SessionRecord, 'id' | 'current'>) => signOutSession(session.id),
    onSuccess: (_answer, session) =>
      session.current ? clearLocalSession(client) : client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
