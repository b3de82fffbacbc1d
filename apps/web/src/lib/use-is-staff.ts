import { COMPANY_ROUTES, type Company } from '@cuspid/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The caller's own company. It lives here, not in the companies feature, because useIsStaff (shared by many
 * features) needs it and lib never imports a feature. Its key stands under the companies feature's `['companies']`,
 * so that feature's invalidations reach it; every screen that asks "is this the back office?" shares one request.
 */
export const myCompanyQuery = () =>
  queryOptions({
    queryKey: ['companies', 'mine'] as const,
    queryFn: () => api.get<Company>('api', COMPANY_ROUTES.myCompany),
    staleTime: 5 * 60_000,
  });

export const useMyCompany = () => useQuery(myCompanyQuery());

/**
 * Whether the caller is back-office staff (its company is the operator). Undefined until the company is known;
 * false when it cannot be read. It only shapes what is shown: the server enforces every rule.
 */
export function useIsStaff(): boolean | undefined {
  const mine = useMyCompany();
  if (mine.data) return mine.data.is_operator === true;
  return mine.isError ? false : undefined;
}
