import { COMPANY_ROUTES, type Company } from '@cuspid/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useCan } from './can';

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

/**
 * Whether the caller works for companies other than its own: the back office, or a partner (a reseller, a service
 * partner…) holding backoffice-company whose company list holds its customers too. Screens offer a company choice
 * (a filter, whom a ticket is for) only then. Undefined until known. The server scopes every company choice anyway.
 */
export function useSeesOtherCompanies(): boolean | undefined {
  const isStaff = useIsStaff();
  const { can } = useCan();
  const mayList = isStaff === false && can('backoffice-company');
  const companies = useQuery({
    queryKey: ['companies', 'list', 'scope-size'] as const,
    queryFn: ({ signal }) =>
      api.get<{ total: number }>('api', COMPANY_ROUTES.companies, { signal, query: { per_page: 1 } }),
    enabled: mayList,
    staleTime: 5 * 60_000,
  });
  if (isStaff !== false) return isStaff;
  if (!mayList) return false;
  if (companies.data) return companies.data.total > 1;
  return companies.isError ? false : undefined;
}
