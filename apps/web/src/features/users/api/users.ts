import type { userRecordSchema } from '@cuspid/contracts';
import {
  AUTH_ROUTES,
  type CreateUserBody,
  type CreateUserResponse,
  IDENTITY_ROUTES,
  type InvitationResponse,
  type UpdateUserBody,
  type UserRecord,
} from '@cuspid/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CountedList } from '../../../lib/list-types';
import type { AuthListQuery } from '../../../lib/use-list-params';

export type UserList = CountedList<typeof userRecordSchema>;

export const userKeys = {
  all: ['users'] as const,
  list: (query: AuthListQuery) => [...userKeys.all, 'list', query] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
};

export const listUsers = (query: AuthListQuery, signal?: AbortSignal) =>
  api.get<UserList>('auth', IDENTITY_ROUTES.listUsers, { query, signal });
export const getUser = (id: string, signal?: AbortSignal) =>
  api.get<UserRecord>('auth', IDENTITY_ROUTES.listUserById, { query: { id }, signal });
/** Without a password the user is invited by mail (ADR 0034). */
export const createUser = (body: CreateUserBody) => api.post<CreateUserResponse>('auth', AUTH_ROUTES.createUser, body);
export const resendInvitation = (id: string) =>
  api.post<InvitationResponse>('auth', IDENTITY_ROUTES.resendInvitation, { id });
export const updateUser = (body: UpdateUserBody) => api.post<UserRecord>('auth', IDENTITY_ROUTES.updateUser, body);
export const deleteUser = (id: string) => api.post<{ message: string }>('auth', IDENTITY_ROUTES.deleteUser, { id });

export const userListQuery = (query: AuthListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });
export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUserList = (query: AuthListQuery) => useQuery(userListQuery(query));
export const useUser = (id: string) => useQuery(userQuery(id));

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: userKeys.all });
}
export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
}
export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateUser, onSuccess: invalidate });
}
export function useResendInvitation() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: resendInvitation, onSuccess: invalidate });
}
export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteUser, onSuccess: invalidate });
}
