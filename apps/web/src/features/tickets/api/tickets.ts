import type { BulkResult } from '@cuspid/contracts';
import { CASE_ROUTES, type CaseListItem } from '@cuspid/contracts/cases';
import {
  TICKET_ROUTES,
  type Ticket,
  type TicketAssignee,
  type TicketAttachment,
  type TicketBulkEdit,
  type TicketComment,
  type TicketPriority,
  type TicketStatus,
  type TicketUpdate,
  type ticketListItemSchema,
} from '@cuspid/contracts/tickets';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';
import { saveFile } from '../../../lib/save-file';

/** The list's filters and search, as the URL holds them ('' when not set). */
export type TicketFilters = {
  search: string;
  statuses: TicketStatus[];
  priority: TicketPriority | '';
  /** A back-office user's id, 'none' for unassigned, '' for any. */
  assignee: string;
  company: string;
};
export type TicketPageParams = TicketFilters & {
  page: number;
  size: number;
  sortBy?: string | undefined;
  sortDir?: 'asc' | 'desc';
};
export type TicketList = TotalList<typeof ticketListItemSchema>;

export const ticketKeys = {
  all: ['tickets'] as const,
  page: (params: TicketPageParams) => [...ticketKeys.all, 'page', params] as const,
  detail: (id: string) => [...ticketKeys.all, 'detail', id] as const,
  comments: (id: string) => [...ticketKeys.all, 'comments', id] as const,
  assignees: () => [...ticketKeys.all, 'assignees'] as const,
  cases: (search: string) => [...ticketKeys.all, 'cases', search] as const,
};

export function listTickets(params: TicketPageParams, signal?: AbortSignal): Promise<TicketList> {
  return api.get<TicketList>('api', TICKET_ROUTES.tickets, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      search: params.search.trim() || undefined,
      status: params.statuses.join(',') || undefined,
      priority: params.priority || undefined,
      assignee_id: params.assignee || undefined,
      company_id: params.company || undefined,
      sort_by: params.sortBy,
      sort_dir: params.sortBy ? params.sortDir : undefined,
    },
  });
}

export const ticketPageQuery = (params: TicketPageParams) =>
  queryOptions({
    queryKey: ticketKeys.page(params),
    queryFn: ({ signal }) => listTickets(params, signal),
    placeholderData: keepPreviousData,
  });
export const useTicketPage = (params: TicketPageParams) => useQuery(ticketPageQuery(params));

export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => api.get<Ticket>('api', TICKET_ROUTES.ticket(id), { signal }),
  });
export const useTicket = (id: string) => useQuery(ticketQuery(id));

export const ticketCommentsQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.comments(id),
    queryFn: ({ signal }) =>
      api.get<{ data: TicketComment[] }>('api', TICKET_ROUTES.comments, { signal, query: { ticket_id: id } }),
  });
export const useTicketComments = (id: string) => useQuery(ticketCommentsQuery(id));

/** The support team, for the assignment and the list's filter (asked by the back office only). */
export const useTicketAssignees = (enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: ticketKeys.assignees(),
      queryFn: ({ signal }) => api.get<{ data: TicketAssignee[] }>('api', TICKET_ROUTES.assignees, { signal }),
      staleTime: 5 * 60_000,
    }),
    enabled,
  });

/** The caller's cases matching `search` (the first 20), for the ticket's optional case. */
/** Cases a ticket can name: the caller's, or (the back office) those of the company the ticket is for. */
export const useTicketCaseChoices = (search: string, companyId = '') =>
  useQuery(
    queryOptions({
      queryKey: [...ticketKeys.cases(search), companyId],
      queryFn: ({ signal }) =>
        api.get<{ data: CaseListItem[]; total: number }>('api', CASE_ROUTES.cases, {
          signal,
          query: { per_page: 20, search: search.trim() || undefined, company_id: companyId || undefined },
        }),
      placeholderData: keepPreviousData,
    }),
  );

/** A message's form: its fields and files, as multipart/form-data (the files under `attachments`). */
function messageForm(fields: Record<string, string | undefined>, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

export type TicketDraft = {
  subject: string;
  description: string;
  priority: TicketPriority;
  case_id: string;
  /** The back office opening a ticket for a customer; empty: the caller's own company. */
  company_id: string;
};

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, files }: { draft: TicketDraft; files: File[] }) =>
      api.post<Ticket>('api', TICKET_ROUTES.tickets, messageForm(draft, files)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TicketUpdate) => api.put<Ticket>('api', TICKET_ROUTES.ticket(id), change),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.detail(id), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', TICKET_ROUTES.ticket(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useAddComment(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, isInternal, files }: { body: string; isInternal: boolean; files: File[] }) =>
      api.post<TicketComment>(
        'api',
        TICKET_ROUTES.comments,
        messageForm({ ticket_id: ticketId, body, is_internal: isInternal ? 'true' : undefined }, files),
      ),
    // A reply may move the ticket (a customer's reopens it): the ticket and its history are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** PUT /ticket/comments/{id}: the author's new text (no mail is sent). */
export function useUpdateComment(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api.put<TicketComment>('api', TICKET_ROUTES.comment(id), { body }),
    // The conversation and the ticket's history (comment-edited) are read again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.comments(ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
      ]),
  });
}

/** DELETE /ticket/comments/{id}: the comment with its files. */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', TICKET_ROUTES.comment(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useBulkEditTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketBulkEdit) => api.post<BulkResult>('api', TICKET_ROUTES.bulkEdit, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** A ticket's file to the browser's downloads (the call needs the session, so a plain link cannot load it). */
export async function downloadTicketAttachment(attachment: TicketAttachment): Promise<void> {
  const file = await api.get<DownloadedFile>('api', TICKET_ROUTES.downloadAttachment(attachment.id), {
    responseType: 'file',
  });
  saveFile(file, attachment.file_name);
}

export function useRemoveAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    // DELETE, not the spec's GET: the web keeps GET free of side effects (ADR 0112).
    mutationFn: (id: string) => api.delete<{ message: string }>('api', TICKET_ROUTES.removeAttachment(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
