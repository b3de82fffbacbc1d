import type { apiTokenRecordSchema } from '@cuspid/contracts';
import {
  type ApiTokenRecord,
  type ApiTokenSecretResponse,
  type CreateApiTokenBody,
  IDENTITY_ROUTES,
  type UpdateApiTokenBody,
} from '@cuspid/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CountedList } from '../../../lib/list-types';
import type { AuthListQuery } from '../../../lib/use-list-params';

export type ApiKeyList = CountedList<typeof apiTokenRecordSchema>;
type KeyAnswer = { message: string; data: ApiTokenRecord };

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (query: AuthListQuery) => [...apiKeyKeys.all, 'list', query] as const,
  detail: (id: string) => [...apiKeyKeys.all, 'detail', id] as const,
};

export const listApiKeys = (query: AuthListQuery, signal?: AbortSignal) =>
  api.get<ApiKeyList>('auth', IDENTITY_ROUTES.listApiTokens, { query, signal });
export const getApiKey = (id: string, signal?: AbortSignal) =>
  api.get<ApiTokenRecord>('auth', IDENTITY_ROUTES.listApiTokenById, { query: { id }, signal });
export const createApiKey = (body: CreateApiTokenBody) =>
  api.post<ApiTokenSecretResponse>('auth', IDENTITY_ROUTES.createApiToken, body);
export const updateApiKey = (body: UpdateApiTokenBody) =>
  api.post<KeyAnswer>('auth', IDENTITY_ROUTES.updateApiToken, body);
export const rotateApiKey = (id: string) =>
  api.post<ApiTokenSecretResponse>('auth', IDENTITY_ROUTES.rotateApiToken, { id });
export const revokeApiKey = (id: string) => api.post<KeyAnswer>('auth', IDENTITY_ROUTES.revokeApiToken, { id });
export const deleteApiKey = (id: string) =>
  api.post<{ message: string }>('auth', IDENTITY_ROUTES.deleteApiToken, { id });

export const apiKeyListQuery = (query: AuthListQuery) =>
  queryOptions({
    queryKey: apiKeyKeys.list(query),
    queryFn: ({ signal }) => listApiKeys(query, signal),
    placeholderData: keepPreviousData,
  });
export const useApiKeyList = (query: AuthListQuery) => useQuery(apiKeyListQuery(query));
export const useApiKey = (id: string) =>
  useQuery({ queryKey: apiKeyKeys.detail(id), queryFn: ({ signal }) => getApiKey(id, signal) });

function useKeyMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
export const useCreateApiKey = () => useKeyMutation(createApiKey);
export const useUpdateApiKey = () => useKeyMutation(updateApiKey);
export const useRotateApiKey = () => useKeyMutation(rotateApiKey);
export const useRevokeApiKey = () => useKeyMutation(revokeApiKey);
export const useDeleteApiKey = () => useKeyMutation(deleteApiKey);
