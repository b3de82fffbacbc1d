import { COMPANY_ROUTES, type Company } from '@cuspid/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const companyKeys = {
  all: ['companies'] as const,
  mine: () => [...companyKeys.all, 'mine'] as const,
};

export function getMyCompany(): Promise<Company> {
  return api.get<Company>('api', COMPANY_ROUTES.myCompany);
}

export const myCompanyQuery = () => queryOptions({ queryKey: companyKeys.mine(), queryFn: getMyCompany });

export const useMyCompany = () => useQuery(myCompanyQuery());
