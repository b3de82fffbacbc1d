import { COMPANY_ROUTES, type Company } from '@cuspid/contracts/companies';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The caller's own company, in the cache entry the companies feature uses too (`['companies', 'mine']`): every
 * screen that asks "is this the back office?" shares one request.
 */
export const useOwnCompany = () =>
  useQuery({
    queryKey: ['companies', 'mine'],
    queryFn: () => api.get<Company>('api', COMPANY_ROUTES.myCompany),
    staleTime: 5 * 60_000,
  });

/**
 * Whether the caller is back-office staff (its company is the operator). Undefined until the company is known;
 * false when it cannot be read. It only shapes what is shown: the server enforces every rule.
 */
export function useIsStaff(): boolean | undefined {
  const mine = useOwnCompany();
  if (mine.data) return mine.data.is_operator === true;
  return mine.isError ? false : undefined;
}
