import type { BulkResult } from '@cuspid/contracts';
import type { flagSchema } from '@cuspid/contracts/flags';
import {
  FLAG_ROUTES,
  type Flag,
  type FlagInput,
  type FlagKind,
  type FlagRecordType,
  type FlagsUpdateInput,
  type FlagsUpdateResponse,
  type FlagUpdate,
} from '@cuspid/contracts/flags';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type FlagPageParams = { page: number; size: number; search: string; kind: FlagKind | '' };
export type FlagList = TotalList<typeof flagSchema>;

export const flagKeys = {
  all: ['flags'] as const,
  page: (params: FlagPageParams) => [...flagKeys.all, 'page', params] as const,
  options: (kind: FlagKind, appliesTo: FlagRecordType) => [...flagKeys.all, 'options', kind, appliesTo] as const,
};

export function listFlags(params: FlagPageParams, signal?: AbortSignal): Promise<FlagList> {
  return api.get<FlagList>('api', FLAG_ROUTES.flags, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      search: params.search.trim() || undefined,
      kind: params.kind || undefined,
    },
  });
}

export const flagPageQuery = (params: FlagPageParams) =>
  queryOptions({
    queryKey: flagKeys.page(params),
    queryFn: ({ signal }) => listFlags(params, signal),
    placeholderData: keepPreviousData,
  });
export const useFlagPage = (params: FlagPageParams) => useQuery(flagPageQuery(params));

/** The definitions of one kind that apply to a record type (first 100 by name), for pickers and filters. */
export const flagOptionsQuery = (kind: FlagKind, appliesTo: FlagRecordType) =>
  queryOptions({
    queryKey: flagKeys.options(kind, appliesTo),
    queryFn: ({ signal }) =>
      api.get<FlagList>('api', FLAG_ROUTES.flags, {
        signal,
        query: { kind, applies_to: appliesTo, per_page: 100, sort_by: 'name' },
      }),
    staleTime: 60_000,
  });
export const useFlagOptions = (kind: FlagKind, appliesTo: FlagRecordType) =>
  useQuery(flagOptionsQuery(kind, appliesTo));

export function useSaveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FlagInput | FlagUpdate }) =>
      id ? api.put<Flag>('api', FLAG_ROUTES.flag(id), body) : api.post<Flag>('api', FLAG_ROUTES.flags, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flagKeys.all }),
  });
}

export function useCreateFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: FlagInput[]) =>
      api.post<{ message: string; data: Flag[] } & BulkResult>('api', FLAG_ROUTES.createFlags, { items }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flagKeys.all }),
  });
}

export function useDeleteFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', FLAG_ROUTES.flag(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flagKeys.all }),
  });
}

/** POST /update-flags. The caller refreshes the labelled records' own queries (pages compose features). */
export function useUpdateRecordFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FlagsUpdateInput) => api.post<FlagsUpdateResponse>('api', FLAG_ROUTES.updateFlags, body),
    // Usage counts of the definitions change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flagKeys.all }),
  });
}
