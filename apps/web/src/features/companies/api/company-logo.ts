import { COMPANY_ROUTES, type Company } from '@cuspid/contracts/companies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { companyKeys } from './companies';

/** The logo's bytes (the call needs the session token, so an <img> cannot load it by URL). */
export const getCompanyLogo = (companyId: string, signal?: AbortSignal) =>
  api.get<DownloadedFile>('api', COMPANY_ROUTES.companyLogo(companyId), { signal, responseType: 'file' });

/** Keyed by the company's last change, so a new logo is fetched after every upload or delete. */
export const companyLogoQuery = (company: Pick<Company, 'id' | 'has_logo' | 'updated_at'>) =>
  queryOptions({
    queryKey: [...companyKeys.all, 'logo', company.id, company.updated_at] as const,
    queryFn: ({ signal }) => getCompanyLogo(company.id, signal).then((file) => file.blob),
    enabled: company.has_logo,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useCompanyLogo = (company: Pick<Company, 'id' | 'has_logo' | 'updated_at'>) =>
  useQuery(companyLogoQuery(company));

export function uploadCompanyLogo(companyId: string, file: File): Promise<Company> {
  const form = new FormData();
  form.append('company_id', companyId);
  form.append('file', file, file.name);
  return api.post<Company>('api', COMPANY_ROUTES.uploadCompanyLogo, form);
}

export const deleteCompanyLogo = (companyId: string) =>
  api.post<Company>('api', COMPANY_ROUTES.deleteCompanyLogo, { company_id: companyId });

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, file }: { companyId: string; file: File }) => uploadCompanyLogo(companyId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

export function useDeleteCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
