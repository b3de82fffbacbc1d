import {
  type BalanceHistory,
  type bookingResultSchema,
  CREDIT_ROUTES,
  type CreditBalance,
  type CreditReason,
  type CreditType,
  type creditEntrySchema,
  type GrantCredits,
} from '@cuspid/contracts/credits';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type CreditHistoryParams = {
  page: number;
  size: number;
  search: string;
  creditType: CreditType | '';
  reason: CreditReason | '';
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  sortBy: 'created_at' | 'amount' | undefined;
  sortDir: 'asc' | 'desc';
};
export type CreditHistoryPage = TotalList<typeof creditEntrySchema>;
export type BalanceHistoryParams = { from: string; to: string; interval: 'day' | 'month' };
export type BookingResult = z.infer<typeof bookingResultSchema>;

/** Every credits query starts with ['credits']: a booking invalidates them all. */
export const creditKeys = {
  all: ['credits'] as const,
  balance: (companyId: string) => [...creditKeys.all, 'balance', companyId] as const,
  history: (companyId: string, params: CreditHistoryParams) =>
    [...creditKeys.all, 'history', companyId, params] as const,
  balanceHistory: (companyId: string, params: BalanceHistoryParams) =>
    [...creditKeys.all, 'balance-history', companyId, params] as const,
};

export const creditBalanceQuery = (companyId: string) =>
  queryOptions({
    queryKey: creditKeys.balance(companyId),
    queryFn: ({ signal }) =>
      api.get<CreditBalance>('api', CREDIT_ROUTES.getCredits, { signal, query: { company_id: companyId } }),
  });
export const useCreditBalance = (companyId: string) => useQuery(creditBalanceQuery(companyId));

export const creditHistoryQuery = (companyId: string, params: CreditHistoryParams) =>
  queryOptions({
    queryKey: creditKeys.history(companyId, params),
    queryFn: ({ signal }) =>
      api.get<CreditHistoryPage>('api', CREDIT_ROUTES.creditHistory(companyId), {
        signal,
        query: {
          page: params.page,
          per_page: params.size,
          search: params.search.trim() || undefined,
          credit_type: params.creditType || undefined,
          reason: params.reason || undefined,
          from: params.from || undefined,
          to: params.to || undefined,
          sort_by: params.sortBy,
          sort_dir: params.sortBy ? params.sortDir : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
export const useCreditHistory = (companyId: string, params: CreditHistoryParams) =>
  useQuery(creditHistoryQuery(companyId, params));

export const balanceHistoryQuery = (companyId: string, params: BalanceHistoryParams) =>
  queryOptions({
    queryKey: creditKeys.balanceHistory(companyId, params),
    queryFn: ({ signal }) =>
      api.get<BalanceHistory>('api', CREDIT_ROUTES.balanceHistory(companyId), { signal, query: params }),
    placeholderData: keepPreviousData,
  });
export const useBalanceHistory = (companyId: string, params: BalanceHistoryParams) =>
  useQuery(balanceHistoryQuery(companyId, params));

/** POST /grant-credits (staff): books one entry; every balance, history and chart of credits is stale after it. */
export function useGrantCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantCredits) => api.post<BookingResult>('api', CREDIT_ROUTES.grantCredits, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}
