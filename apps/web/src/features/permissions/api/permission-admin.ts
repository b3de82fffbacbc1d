import type { permissionRecordSchema } from '@cuspid/contracts';
import {
  AUTH_ROUTES,
  type CreatePermissionBody,
  IDENTITY_ROUTES,
  type PermissionRecord,
  type UpdatePermissionBody,
} from '@cuspid/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CountedList } from '../../../lib/list-types';
import type { AuthListQuery } from '../../../lib/use-list-params';
import { permissionKeys } from './get-permissions';

type PermissionAnswer = { message: string; data: PermissionRecord };
export type PermissionRecordList = CountedList<typeof permissionRecordSchema>;

export const listPermissionRecords = (query: AuthListQuery, signal?: AbortSignal) =>
  api.get<PermissionRecordList>('auth', AUTH_ROUTES.listPermissions, { query, signal });
export const getPermission = (id: string, signal?: AbortSignal) =>
  api.get<PermissionRecord>('auth', IDENTITY_ROUTES.listPermissionById, { query: { id }, signal });
export const createPermission = (body: CreatePermissionBody) =>
  api.post<PermissionAnswer>('auth', IDENTITY_ROUTES.createPermission, body);
export const updatePermission = (body: UpdatePermissionBody) =>
  api.post<PermissionAnswer>('auth', IDENTITY_ROUTES.updatePermission, body);
export const deletePermission = (id: string) =>
  api.post<{ message: string }>('auth', IDENTITY_ROUTES.deletePermission, { id });

export const permissionRecordListQuery = (query: AuthListQuery) =>
  queryOptions({
    queryKey: [...permissionKeys.all, 'records', query] as const,
    queryFn: ({ signal }) => listPermissionRecords(query, signal),
    placeholderData: keepPreviousData,
  });
export const usePermissionRecordList = (query: AuthListQuery) => useQuery(permissionRecordListQuery(query));
export const usePermission = (id: string) =>
  useQuery({ queryKey: [...permissionKeys.all, 'detail', id], queryFn: ({ signal }) => getPermission(id, signal) });

function usePermissionMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: permissionKeys.all }) });
}
export const useCreatePermission = () => usePermissionMutation(createPermission);
export const useUpdatePermission = () => usePermissionMutation(updatePermission);
export const useDeletePermission = () => usePermissionMutation(deletePermission);
