import type { customerTimelineItemSchema } from '@cuspid/contracts/crm';
import {
  CRM_ROUTES,
  type CustomerActivity,
  type CustomerNote,
  type customerActivityCreateSchema,
  type customerActivityUpdateSchema,
  type customerNoteCreateSchema,
  type customerNoteUpdateSchema,
} from '@cuspid/contracts/crm';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type TimelinePage = TotalList<typeof customerTimelineItemSchema>;
export type NoteCreateInput = z.input<typeof customerNoteCreateSchema>;
export type NoteUpdateInput = z.input<typeof customerNoteUpdateSchema>;
export type ActivityCreateInput = z.input<typeof customerActivityCreateSchema>;
export type ActivityUpdateInput = z.input<typeof customerActivityUpdateSchema>;

/** How many timeline entries one "show more" loads. */
export const TIMELINE_PAGE_SIZE = 20;

export const crmKeys = {
  all: ['crm'] as const,
  timeline: (companyId: string) => [...crmKeys.all, 'timeline', companyId] as const,
};

export const getTimeline = (companyId: string, page: number, signal?: AbortSignal) =>
  api.get<TimelinePage>('api', CRM_ROUTES.timeline, {
    query: { company_id: companyId, page, per_page: TIMELINE_PAGE_SIZE },
    signal,
  });

export const timelineQuery = (companyId: string) =>
  infiniteQueryOptions({
    queryKey: crmKeys.timeline(companyId),
    queryFn: ({ pageParam, signal }) => getTimeline(companyId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * TIMELINE_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

/** A company's notes and activities, newest first with pinned notes on top, loaded page by page. */
export const useCustomerTimeline = (companyId: string, enabled = true) =>
  useInfiniteQuery({ ...timelineQuery(companyId), enabled });

function useCrmMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.all }) });
}

export const useCreateNote = () =>
  useCrmMutation((body: NoteCreateInput) => api.post<CustomerNote>('api', CRM_ROUTES.notes, body));
export const useUpdateNote = () =>
  useCrmMutation(({ id, body }: { id: string; body: NoteUpdateInput }) =>
    api.put<CustomerNote>('api', CRM_ROUTES.note(id), body),
  );
export const useDeleteNote = () =>
  useCrmMutation((id: string) => api.delete<{ message: string }>('api', CRM_ROUTES.note(id)));

export const useCreateActivity = () =>
  useCrmMutation((body: ActivityCreateInput) => api.post<CustomerActivity>('api', CRM_ROUTES.activities, body));
export const useUpdateActivity = () =>
  useCrmMutation(({ id, body }: { id: string; body: ActivityUpdateInput }) =>
    api.put<CustomerActivity>('api', CRM_ROUTES.activity(id), body),
  );
export const useDeleteActivity = () =>
  useCrmMutation((id: string) => api.delete<{ message: string }>('api', CRM_ROUTES.activity(id)));
