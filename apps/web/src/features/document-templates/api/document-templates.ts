import {
  DOCUMENTS_ROUTES,
  type DocumentTemplate,
  type DocumentTemplateList,
  type ProcessTemplateBody,
  type TemplateVariablesResponse,
  type UpdateTemplateBody,
} from '@cuspid/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';

export type TemplatePageParams = { page: number; size: number; search: string };

export const templateKeys = {
  all: ['document-templates'] as const,
  page: (params: TemplatePageParams) => [...templateKeys.all, 'page', params] as const,
  detail: (id: string) => [...templateKeys.all, 'detail', id] as const,
  variables: (id: string) => [...templateKeys.all, 'variables', id] as const,
};

/** GET /list-templates for one page: the server pages and searches name and file name. */
export function getTemplatePage(params: TemplatePageParams, signal?: AbortSignal) {
  const search = params.search.trim();
  return api.get<DocumentTemplateList>('documents', DOCUMENTS_ROUTES.listTemplates, {
    query: {
      limit_start: (params.page - 1) * params.size,
      limit_count: params.size,
      search: search === '' ? undefined : search,
    },
    signal,
  });
}

export const templatePageQuery = (params: TemplatePageParams) =>
  queryOptions({
    queryKey: templateKeys.page(params),
    queryFn: ({ signal }) => getTemplatePage(params, signal),
    placeholderData: keepPreviousData,
  });
export const useTemplatePage = (params: TemplatePageParams) => useQuery(templatePageQuery(params));

/** GET /list-template-by-id. */
export const getTemplate = (id: string, signal?: AbortSignal) =>
  api.get<DocumentTemplate>('documents', DOCUMENTS_ROUTES.listTemplateById, { query: { id }, signal });
export const templateQuery = (id: string) =>
  queryOptions({ queryKey: templateKeys.detail(id), queryFn: ({ signal }) => getTemplate(id, signal) });
export const useTemplate = (id: string) => useQuery(templateQuery(id));

/** POST /get-template-variables: read from the stored DOCX. */
export const getTemplateVariables = (id: string) =>
  api.post<TemplateVariablesResponse>('documents', DOCUMENTS_ROUTES.getTemplateVariables, { id });
export const templateVariablesQuery = (id: string) =>
  queryOptions({ queryKey: templateKeys.variables(id), queryFn: () => getTemplateVariables(id) });
export const useTemplateVariables = (id: string) => useQuery(templateVariablesQuery(id));

export type CreateTemplateInput = { name: string; description: string; file: File };

/** POST /create-template (multipart): text fields first, then the DOCX. */
export function createTemplate(input: CreateTemplateInput) {
  const form = new FormData();
  form.append('name', input.name);
  if (input.description) form.append('description', input.description);
  form.append('file', input.file, input.file.name);
  return api.post<DocumentTemplate>('documents', DOCUMENTS_ROUTES.createTemplate, form);
}

export const updateTemplate = (body: UpdateTemplateBody) =>
  api.post<DocumentTemplate>('documents', DOCUMENTS_ROUTES.updateTemplate, body);

export const deleteTemplate = (id: string) =>
  api.post<{ message: string }>('documents', DOCUMENTS_ROUTES.deleteTemplate, { id });

/** POST /process-template: the filled DOCX or PDF. */
export const processTemplate = (body: ProcessTemplateBody) =>
  api.post<DownloadedFile>('documents', DOCUMENTS_ROUTES.processTemplate, body, { responseType: 'file' });

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateKeys.all });
}

export function useCreateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: createTemplate, onSuccess: invalidate });
}
export function useUpdateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: updateTemplate, onSuccess: invalidate });
}
export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: invalidate });
}
export const useProcessTemplate = () => useMutation({ mutationFn: processTemplate });
