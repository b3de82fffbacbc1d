import type { BulkResult } from '@cuspid/contracts';
import {
  CASE_ROUTES,
  type Case,
  type CaseListItem,
  type CaseLog,
  type CaseResult,
  type CaseStatus,
  type CreateCaseInput,
  type EmptyTrashInput,
  type EmptyTrashResult,
  type Jaw,
  type ParsedTeeth,
  type Rating,
  type ResultStatus,
  type UpdateCaseInput,
} from '@cuspid/contracts/cases';
import { COMPANY_ROUTES, type Company } from '@cuspid/contracts/companies';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type CaseSortField = 'created_at' | 'updated_at' | 'name' | 'patient' | 'status';

export type CasePageParams = {
  page: number;
  size: number;
  search: string;
  statuses: CaseStatus[];
  flag: string;
  tag: string;
  company: string;
  from: string;
  to: string;
  sortBy?: string | undefined;
  sortDir?: 'asc' | 'desc';
};

export type CaseList = { data: CaseListItem[]; total: number };
export type CaseResults = { data: CaseResult[]; total: number };
export type CaseLogs = { data: CaseLog[]; total?: number };

export const caseKeys = {
  all: ['cases'] as const,
  pages: () => [...caseKeys.all, 'page'] as const,
  page: (params: CasePageParams) => [...caseKeys.pages(), params] as const,
  detail: (id: string) => [...caseKeys.all, 'detail', id] as const,
  results: (id: string) => [...caseKeys.all, 'results', id] as const,
  logs: (id: string) => [...caseKeys.all, 'logs', id] as const,
  companies: (search: string) => [...caseKeys.all, 'companies', search] as const,
  trash: (companyId: string) => [...caseKeys.all, 'trash', companyId] as const,
};

export function listCases(params: CasePageParams, signal?: AbortSignal): Promise<CaseList> {
  return api.get<CaseList>('api', CASE_ROUTES.cases, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      search: params.search.trim() || undefined,
      status: params.statuses.length ? params.statuses.join(',') : undefined,
      flag_id: params.flag || undefined,
      tag_id: params.tag || undefined,
      company_id: params.company || undefined,
      from: params.from || undefined,
      to: params.to || undefined,
      sort_by: params.sortBy,
      sort_dir: params.sortBy ? params.sortDir : undefined,
    },
  });
}

export const casePageQuery = (params: CasePageParams) =>
  queryOptions({
    queryKey: caseKeys.page(params),
    queryFn: ({ signal }) => listCases(params, signal),
    placeholderData: keepPreviousData,
  });
export const useCasePage = (params: CasePageParams, enabled = true) => useQuery({ ...casePageQuery(params), enabled });

export const caseQuery = (id: string) =>
  queryOptions({
    queryKey: caseKeys.detail(id),
    queryFn: ({ signal }) => api.get<Case>('api', CASE_ROUTES.case(id), { signal }),
  });
export const useCase = (id: string) => useQuery(caseQuery(id));

export const caseResultsQuery = (id: string) =>
  queryOptions({
    queryKey: caseKeys.results(id),
    queryFn: ({ signal }) => api.get<CaseResults>('api', CASE_ROUTES.results(id), { signal }),
  });
export const useCaseResults = (id: string) => useQuery(caseResultsQuery(id));

export const caseLogsQuery = (id: string) =>
  queryOptions({
    queryKey: caseKeys.logs(id),
    queryFn: ({ signal }) => api.get<CaseLogs>('api', CASE_ROUTES.logs(id), { signal }),
  });
export const useCaseLogs = (id: string) => useQuery(caseLogsQuery(id));

/** The first companies whose name matches, for the staff's company filter. */
export const useCompanyChoices = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: caseKeys.companies(search),
    queryFn: ({ signal }) =>
      api.get<{ data: Company[]; total: number }>('api', COMPANY_ROUTES.companies, {
        signal,
        query: { per_page: 20, search: search.trim() || undefined },
      }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** One company's name, for a company filter taken from the URL. */
export const useCompanyName = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...caseKeys.all, 'company', id],
    queryFn: ({ signal }) => api.get<Company>('api', COMPANY_ROUTES.company(id), { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

/** After any change to cases: every list page, and the one case's own queries. */
function useCaseRefresh() {
  const queryClient = useQueryClient();
  return (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: caseKeys.pages() });
    if (id) {
      void queryClient.invalidateQueries({ queryKey: caseKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: caseKeys.results(id) });
      void queryClient.invalidateQueries({ queryKey: caseKeys.logs(id) });
    }
    // Submissions and recalculations spend credits.
    void queryClient.invalidateQueries({ queryKey: ['credits'] });
  };
}

export function useCreateCase() {
  const refresh = useCaseRefresh();
  return useMutation({
    mutationFn: (body: CreateCaseInput) => api.post<Case>('api', CASE_ROUTES.cases, body),
    onSuccess: (saved) => refresh(saved.id),
  });
}

export function useUpdateCase(id: string) {
  const queryClient = useQueryClient();
  const refresh = useCaseRefresh();
  return useMutation({
    mutationFn: (body: UpdateCaseInput) => api.put<Case>('api', CASE_ROUTES.case(id), body),
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKeys.detail(id), saved);
      refresh(id);
    },
  });
}

export function parseTeethFile(file: File): Promise<ParsedTeeth> {
  const body = new FormData();
  body.append('file', file);
  return api.post<ParsedTeeth>('api', CASE_ROUTES.parseTeethFile, body);
}

/** One case action (POST with a body); the case's queries and the lists are read again after it. */
function useCaseAction<Body>(path: (body: Body) => string, caseId: (body: Body) => string | undefined) {
  const refresh = useCaseRefresh();
  return useMutation({
    mutationFn: (body: Body) => api.post<unknown>('api', path(body), body),
    onSuccess: (_answer, body) => refresh(caseId(body)),
  });
}

export const useApproveCase = () =>
  useCaseAction<{ id: string; approved: boolean; reason?: string | null }>(
    () => CASE_ROUTES.approveCase,
    (b) => b.id,
  );
export const useUpdateStatus = () =>
  useCaseAction<{ id: string; status: CaseStatus; note?: string | null }>(
    () => CASE_ROUTES.updateStatus,
    (b) => b.id,
  );
export const useRequeueCase = () =>
  useCaseAction<{ id: string; upper_teeth?: number[]; lower_teeth?: number[] }>(
    () => CASE_ROUTES.requeueCase,
    (b) => b.id,
  );
export const useJawAction = () =>
  useCaseAction<{ id: string; jaw: Jaw; restore: boolean }>(
    (b) => (b.restore ? CASE_ROUTES.restoreJaw : CASE_ROUTES.deleteJaw),
    (b) => b.id,
  );

/** Saves a jaw scan's correction of its detected anatomical frame (one of the 24 quarter turns, ADR 0117). */
export const useJawOrientation = () =>
  useCaseAction<{ id: string; jaw: Jaw; orientation: number }>(
    () => CASE_ROUTES.jawOrientation,
    (b) => b.id,
  );

export function useLockCase(id: string) {
  const refresh = useCaseRefresh();
  return useMutation({
    mutationFn: (lock: boolean) => api.post<unknown>('api', lock ? CASE_ROUTES.lock(id) : CASE_ROUTES.unlock(id)),
    onSuccess: () => refresh(id),
  });
}

export function useUpdateResultStatus(caseId: string) {
  const refresh = useCaseRefresh();
  return useMutation({
    mutationFn: (body: { id: string; status: ResultStatus; note?: string | null }) =>
      api.post<unknown>('api', CASE_ROUTES.updateResultStatus, body),
    onSuccess: () => refresh(caseId),
  });
}

export function useSendApproveMail(caseId: string) {
  return useMutation({
    mutationFn: (body: { mail?: string }) =>
      api.post<{ message?: string }>('api', CASE_ROUTES.sendApproveMail(caseId), body),
  });
}

export function useSaveRating(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { result_id: string; stars: number; reasons: string[]; comment: string | null }) =>
      api.post<Rating>('api', CASE_ROUTES.saveRating, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: caseKeys.results(caseId) });
      void queryClient.invalidateQueries({ queryKey: caseKeys.logs(caseId) });
    },
  });
}

// --- Bulk calls --------------------------------------------------------------------------------------

export type BulkCaseAction =
  | { kind: 'approve'; approved: boolean; reason?: string | null }
  | { kind: 'status'; status: CaseStatus; note?: string | null }
  | { kind: 'delete' };

/** The bulk calls answer per case what was done (`{ results }`); the lists are read again after each. */
export function useBulkCaseAction() {
  const refresh = useCaseRefresh();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: BulkCaseAction }) => {
      if (action.kind === 'approve')
        return api.post<BulkResult>('api', CASE_ROUTES.approveCases, {
          ids,
          approved: action.approved,
          reason: action.reason ?? null,
        });
      if (action.kind === 'status')
        return api.post<BulkResult>('api', CASE_ROUTES.updateStatuses, {
          ids,
          status: action.status,
          note: action.note ?? null,
        });
      return api.post<BulkResult>('api', CASE_ROUTES.deleteCases, { ids });
    },
    onSuccess: () => refresh(),
  });
}

/** Whose trash: one company's, or ('') every company the caller may see. */
const emptyTrashBody = (companyId: string, dryRun: boolean): EmptyTrashInput => ({
  ...(companyId ? { company_id: companyId } : {}),
  ...(dryRun ? { dry_run: true } : {}),
});

/**
 * What emptying the trash would delete, per company (POST /empty-trash as a dry run, ADR 0116): the confirmation's
 * question. Asked afresh each time the question is shown, and forgotten once it is closed.
 */
export const emptyTrashQuestionQuery = (companyId: string) =>
  queryOptions({
    queryKey: caseKeys.trash(companyId),
    queryFn: ({ signal }) =>
      api.post<EmptyTrashResult>('api', CASE_ROUTES.emptyTrash, emptyTrashBody(companyId, true), { signal }),
    staleTime: 0,
    gcTime: 0,
  });
export const useEmptyTrashQuestion = (companyId: string, enabled: boolean) =>
  useQuery({ ...emptyTrashQuestionQuery(companyId), enabled });

/** Empties the trash: the answer says per company how many cases were deleted and how many stay locked. */
export function useEmptyTrash() {
  const refresh = useCaseRefresh();
  return useMutation({
    mutationFn: (companyId: string) =>
      api.post<EmptyTrashResult>('api', CASE_ROUTES.emptyTrash, emptyTrashBody(companyId, false)),
    onSuccess: () => refresh(),
  });
}

// --- Downloads ---------------------------------------------------------------------------------------

/** Downloads a file with the session's token (a plain link cannot send it) and hands it to the browser. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const file = await api.get<DownloadedFile>('api', path, { responseType: 'file' });
  saveFile(file, fallbackName);
}
