import type { roleRecordSchema } from '@cuspid/contracts';
import { type CreateRoleBody, IDENTITY_ROUTES, type RoleRecord, type UpdateRoleBody } from '@cuspid/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CountedList } from '../../../lib/list-types';
import type { AuthListQuery } from '../../../lib/use-list-params';

export type RoleList = CountedList<typeof roleRecordSchema>;
type RoleAnswer = { message: string; data: RoleRecord };

export const roleKeys = {
  all: ['roles'] as const,
  list: (query: AuthListQuery) => [...roleKeys.all, 'list', query] as const,
  detail: (id: string) => [...roleKeys.all, 'detail', id] as const,
};

export const listRoles = (query: AuthListQuery, signal?: AbortSignal) =>
  api.get<RoleList>('auth', IDENTITY_ROUTES.listRoles, { query, signal });
export const getRole = (id: string, signal?: AbortSignal) =>
  api.get<RoleRecord>('auth', IDENTITY_ROUTES.listRoleById, { query: { id }, signal });
export const createRole = (body: CreateRoleBody) => api.post<RoleAnswer>('auth', IDENTITY_ROUTES.createRole, body);
export const updateRole = (body: UpdateRoleBody) => api.post<RoleAnswer>('auth', IDENTITY_ROUTES.updateRole, body);
export const deleteRole = (id: string) => api.post<{ message: string }>('auth', IDENTITY_ROUTES.deleteRole, { id });

export const roleListQuery = (query: AuthListQuery) =>
  queryOptions({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => listRoles(query, signal),
    placeholderData: keepPreviousData,
  });
export const useRoleList = (query: AuthListQuery, enabled = true) => useQuery({ ...roleListQuery(query), enabled });
export const useRole = (id: string) =>
  useQuery({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRole(id, signal) });

function useInvalidateRoles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: roleKeys.all });
}
export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({ mutationFn: createRole, onSuccess: invalidate });
}
export function useUpdateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({ mutationFn: updateRole, onSuccess: invalidate });
}
export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({ mutationFn: deleteRole, onSuccess: invalidate });
}
