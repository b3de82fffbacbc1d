import type { BulkResult } from '@cuspid/contracts';
import { COMPANY_ROUTES, type Unit } from '@cuspid/contracts/companies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const unitKeys = {
  all: ['units'] as const,
  tree: (companyId: string) => [...unitKeys.all, 'tree', companyId] as const,
};

export const getUnitTree = (companyId: string) =>
  api.get<{ data: Unit[] }>('api', COMPANY_ROUTES.showUnit, { query: { company_id: companyId } });
export const unitTreeQuery = (companyId: string) =>
  queryOptions({ queryKey: unitKeys.tree(companyId), queryFn: () => getUnitTree(companyId) });
export const useUnitTree = (companyId: string) => useQuery(unitTreeQuery(companyId));

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { company_id: string; name: string; parent_id: string | null }) =>
      api.post<Unit>('api', COMPANY_ROUTES.units, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitKeys.all }),
  });
}

export function useDeleteUnits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.post<{ message: string } & BulkResult>('api', COMPANY_ROUTES.deleteUnits, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitKeys.all }),
  });
}
