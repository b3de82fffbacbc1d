import type { companySchema, partnerCompanySchema } from '@cuspid/contracts/companies';
import {
  COMPANY_ROUTES,
  type Company,
  type CompanyCreate,
  type CompanyUpdate,
  type Unit,
} from '@cuspid/contracts/companies';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type CompanyPageParams = {
  page: number;
  size: number;
  search: string;
  country: string;
  partner: string;
  flag: string;
  tag: string;
};
export type CompanyList = TotalList<typeof companySchema>;
export type PartnerOption = z.infer<typeof partnerCompanySchema>;

/** Every companies query stands under this key (the caller's own company too: myCompanyQuery in lib). */
export const companyKeys = { all: ['companies'] as const };

export const companyListKeys = {
  page: (params: CompanyPageParams) => [...companyKeys.all, 'page', params] as const,
  detail: (id: string) => [...companyKeys.all, 'detail', id] as const,
  partners: () => [...companyKeys.all, 'partners'] as const,
  units: (companyId: string) => [...companyKeys.all, 'units', companyId] as const,
};

export function listCompanies(params: CompanyPageParams, signal?: AbortSignal): Promise<CompanyList> {
  return api.get<CompanyList>('api', COMPANY_ROUTES.companies, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      search: params.search.trim() || undefined,
      country: params.country || undefined,
      partner_id: params.partner || undefined,
      flag_id: params.flag || undefined,
      tag_id: params.tag || undefined,
    },
  });
}

export const companyPageQuery = (params: CompanyPageParams) =>
  queryOptions({
    queryKey: companyListKeys.page(params),
    queryFn: ({ signal }) => listCompanies(params, signal),
    placeholderData: keepPreviousData,
  });
export const useCompanyPage = (params: CompanyPageParams) => useQuery(companyPageQuery(params));

export const getCompany = (id: string) => api.get<Company>('api', COMPANY_ROUTES.company(id));
export const companyQuery = (id: string) =>
  queryOptions({ queryKey: companyListKeys.detail(id), queryFn: () => getCompany(id) });
export const useCompany = (id: string) => useQuery(companyQuery(id));

/** Companies that can be chosen as partners (the first 100 the caller may see). */
export const listPartnerOptions = () =>
  api.get<TotalList<typeof partnerCompanySchema>>('api', COMPANY_ROUTES.resellerPartners, {
    query: { per_page: 100 },
  });
export const usePartnerOptions = () =>
  useQuery({ queryKey: companyListKeys.partners(), queryFn: listPartnerOptions, staleTime: 60_000 });

export const listCompanyUnits = (companyId: string) =>
  api.get<{ data: Unit[] }>('api', COMPANY_ROUTES.showUnit, { query: { company_id: companyId } });
export const useCompanyUnits = (companyId: string, enabled = true) =>
  useQuery({ queryKey: companyListKeys.units(companyId), queryFn: () => listCompanyUnits(companyId), enabled });

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CompanyCreate | CompanyUpdate }) =>
      id
        ? api.put<Company>('api', COMPANY_ROUTES.company(id), body)
        : api.post<Company>('api', COMPANY_ROUTES.companies, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', COMPANY_ROUTES.company(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
