import type { mailTemplateSchema } from '@cuspid/contracts/mail';
import {
  MAIL_ROUTES,
  type MailPreviewBody,
  type MailRendered,
  type MailTemplate,
  type MailTemplateCreate,
  type MailTemplateUpdate,
} from '@cuspid/contracts/mail';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CountedList } from '../../../lib/list-types';
import type { ListParams } from '../../../lib/use-list-params';

export type MailTemplateList = CountedList<typeof mailTemplateSchema>;

export const mailTemplateKeys = {
  all: ['mail-templates'] as const,
  page: (params: ListParams) => [...mailTemplateKeys.all, 'page', params] as const,
  options: () => [...mailTemplateKeys.all, 'options'] as const,
  detail: (id: string) => [...mailTemplateKeys.all, 'detail', id] as const,
};

export function getMailTemplatePage(params: ListParams, signal?: AbortSignal) {
  const search = params.search.trim();
  return api.get<MailTemplateList>('mail', MAIL_ROUTES.listTemplates, {
    query: { limit_start: (params.page - 1) * params.size, limit_count: params.size, search: search || undefined },
    signal,
  });
}

export const mailTemplatePageQuery = (params: ListParams) =>
  queryOptions({
    queryKey: mailTemplateKeys.page(params),
    queryFn: ({ signal }) => getMailTemplatePage(params, signal),
    placeholderData: keepPreviousData,
  });
export const useMailTemplatePage = (params: ListParams) => useQuery(mailTemplatePageQuery(params));

/** Every template (names for the assignment screen; at most 500). */
export const mailTemplateOptionsQuery = () =>
  queryOptions({
    queryKey: mailTemplateKeys.options(),
    queryFn: ({ signal }) =>
      api.get<MailTemplateList>('mail', MAIL_ROUTES.listTemplates, {
        query: { limit_start: 0, limit_count: 500 },
        signal,
      }),
  });
export const useMailTemplateOptions = () => useQuery(mailTemplateOptionsQuery());

export const getMailTemplate = (id: string, signal?: AbortSignal) =>
  api.get<MailTemplate>('mail', MAIL_ROUTES.templateById, { query: { id }, signal });
export const mailTemplateQuery = (id: string) =>
  queryOptions({ queryKey: mailTemplateKeys.detail(id), queryFn: ({ signal }) => getMailTemplate(id, signal) });
export const useMailTemplate = (id: string | undefined) => useQuery({ ...mailTemplateQuery(id ?? ''), enabled: !!id });

export const createMailTemplate = (body: MailTemplateCreate) =>
  api.post<MailTemplate>('mail', MAIL_ROUTES.createTemplate, body);
export const updateMailTemplate = (body: MailTemplateUpdate) =>
  api.post<MailTemplate>('mail', MAIL_ROUTES.updateTemplate, body);
export const deleteMailTemplate = (id: string) =>
  api.post<{ message: string }>('mail', MAIL_ROUTES.deleteTemplate, { id });
export const previewMailTemplate = (body: MailPreviewBody, signal?: AbortSignal) =>
  api.post<MailRendered>('mail', MAIL_ROUTES.previewTemplate, body, { signal });

export function useSaveMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailTemplateCreate & { id?: string }) =>
      body.id ? updateMailTemplate(body as MailTemplateUpdate) : createMailTemplate(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(mailTemplateKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: mailTemplateKeys.all });
    },
  });
}

export function useDeleteMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mailTemplateKeys.all }),
  });
}

/** The editor's live preview: rendered by the server with the same engine the mails use. */
export const mailPreviewQuery = (body: MailPreviewBody) =>
  queryOptions({
    queryKey: [...mailTemplateKeys.all, 'preview', body] as const,
    queryFn: ({ signal }) => previewMailTemplate(body, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
/** `enabled`: false while the template has no subject or body yet (the server would refuse it with 400). */
export const useMailPreview = (body: MailPreviewBody, { enabled = true } = {}) =>
  useQuery({ ...mailPreviewQuery(body), enabled });
