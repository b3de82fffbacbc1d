import type { sentMailSchema } from '@cuspid/contracts/mail';
import { MAIL_ROUTES, type SentMail } from '@cuspid/contracts/mail';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CountedList } from '../../../lib/list-types';
import type { ListParams } from '../../../lib/use-list-params';

export type SentMailList = CountedList<typeof sentMailSchema>;

export const sentMailKeys = {
  all: ['sent-mails'] as const,
  page: (params: ListParams) => [...sentMailKeys.all, 'page', params] as const,
  detail: (id: string) => [...sentMailKeys.all, 'detail', id] as const,
};

export function getSentMailPage(params: ListParams, signal?: AbortSignal) {
  const search = params.search.trim();
  return api.get<SentMailList>('mail', MAIL_ROUTES.listSentMails, {
    query: { limit_start: (params.page - 1) * params.size, limit_count: params.size, search: search || undefined },
    signal,
  });
}

/** The outbox changes on its own (deliveries, retries): refreshed every 10 s while shown. */
export const sentMailPageQuery = (params: ListParams) =>
  queryOptions({
    queryKey: sentMailKeys.page(params),
    queryFn: ({ signal }) => getSentMailPage(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
export const useSentMailPage = (params: ListParams) => useQuery(sentMailPageQuery(params));

export const getSentMail = (id: string, signal?: AbortSignal) =>
  api.get<SentMail>('mail', MAIL_ROUTES.sentMailById, { query: { id }, signal });
export const sentMailQuery = (id: string) =>
  queryOptions({ queryKey: sentMailKeys.detail(id), queryFn: ({ signal }) => getSentMail(id, signal) });
export const useSentMail = (id: string | null) => useQuery({ ...sentMailQuery(id ?? ''), enabled: !!id });
