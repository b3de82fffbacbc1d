import {
  REMINDER_LEVEL_ROUTES,
  type ReminderLevel,
  type ReminderLevelInput,
  type ReminderLevelUpdate,
  type reminderLevelSchema,
} from '@cuspid/contracts/reminder-levels';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type ReminderLevelPageParams = {
  page: number;
  size: number;
  search: string;
  sortBy?: string | undefined;
  sortDir?: 'asc' | 'desc';
};
export type ReminderLevelList = TotalList<typeof reminderLevelSchema>;

export const reminderLevelKeys = {
  all: ['invoice-reminder-levels'] as const,
  page: (params: ReminderLevelPageParams) => [...reminderLevelKeys.all, 'page', params] as const,
  detail: (id: string) => [...reminderLevelKeys.all, 'detail', id] as const,
};

export function listReminderLevels(params: ReminderLevelPageParams, signal?: AbortSignal): Promise<ReminderLevelList> {
  return api.get<ReminderLevelList>('api', REMINDER_LEVEL_ROUTES.levels, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      search: params.search.trim() || undefined,
      sort_by: params.sortBy,
      sort_dir: params.sortBy ? params.sortDir : undefined,
    },
  });
}

export const reminderLevelPageQuery = (params: ReminderLevelPageParams) =>
  queryOptions({
    queryKey: reminderLevelKeys.page(params),
    queryFn: ({ signal }) => listReminderLevels(params, signal),
    placeholderData: keepPreviousData,
  });
export const useReminderLevelPage = (params: ReminderLevelPageParams) => useQuery(reminderLevelPageQuery(params));

export const reminderLevelQuery = (id: string) =>
  queryOptions({
    queryKey: reminderLevelKeys.detail(id),
    queryFn: ({ signal }) => api.get<ReminderLevel>('api', REMINDER_LEVEL_ROUTES.level(id), { signal }),
  });
export const useReminderLevel = (id: string) => useQuery(reminderLevelQuery(id));

export function useSaveReminderLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ReminderLevelInput | ReminderLevelUpdate }) =>
      id
        ? api.put<ReminderLevel>('api', REMINDER_LEVEL_ROUTES.level(id), body)
        : api.post<ReminderLevel>('api', REMINDER_LEVEL_ROUTES.levels, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderLevelKeys.all }),
  });
}

export function useDeleteReminderLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', REMINDER_LEVEL_ROUTES.level(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderLevelKeys.all }),
  });
}
