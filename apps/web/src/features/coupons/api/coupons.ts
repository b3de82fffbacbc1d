import type { couponRedemptionSchema, couponSchema } from '@cuspid/contracts/coupons';
import {
  COUPON_ROUTES,
  type Coupon,
  type CouponInput,
  type CouponKind,
  type CouponStatus,
  type CouponUpdate,
  type RedeemCouponResult,
} from '@cuspid/contracts/coupons';
import { CREDIT_ROUTES } from '@cuspid/contracts/credits';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type CouponPageParams = {
  page: number;
  size: number;
  search: string;
  status: CouponStatus | '';
  kind: CouponKind | '';
  sortBy?: string | undefined;
  sortDir?: 'asc' | 'desc';
};
export type CouponList = TotalList<typeof couponSchema>;
export type CouponHistory = TotalList<typeof couponRedemptionSchema>;

export const couponKeys = {
  all: ['coupons'] as const,
  page: (params: CouponPageParams) => [...couponKeys.all, 'page', params] as const,
  detail: (id: string) => [...couponKeys.all, 'detail', id] as const,
  history: (id: string, page: number, size: number) => [...couponKeys.all, 'history', id, page, size] as const,
};

export function listCoupons(params: CouponPageParams, signal?: AbortSignal): Promise<CouponList> {
  return api.get<CouponList>('api', COUPON_ROUTES.couponCodes, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      search: params.search.trim() || undefined,
      status: params.status || undefined,
      kind: params.kind || undefined,
      sort_by: params.sortBy,
      sort_dir: params.sortBy ? params.sortDir : undefined,
    },
  });
}

export const couponPageQuery = (params: CouponPageParams) =>
  queryOptions({
    queryKey: couponKeys.page(params),
    queryFn: ({ signal }) => listCoupons(params, signal),
    placeholderData: keepPreviousData,
  });
export const useCouponPage = (params: CouponPageParams) => useQuery(couponPageQuery(params));

export const couponQuery = (id: string) =>
  queryOptions({
    queryKey: couponKeys.detail(id),
    queryFn: ({ signal }) => api.get<Coupon>('api', COUPON_ROUTES.couponCode(id), { signal }),
  });
export const useCoupon = (id: string) => useQuery(couponQuery(id));

export const useCouponHistory = (id: string, page: number, size: number) =>
  useQuery({
    queryKey: couponKeys.history(id, page, size),
    queryFn: ({ signal }) =>
      api.get<CouponHistory>('api', COUPON_ROUTES.couponHistory(id), { signal, query: { page, per_page: size } }),
    placeholderData: keepPreviousData,
  });

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CouponInput | CouponUpdate }) =>
      id
        ? api.put<Coupon>('api', COUPON_ROUTES.couponCode(id), body)
        : api.post<Coupon>('api', COUPON_ROUTES.couponCodes, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', COUPON_ROUTES.couponCode(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

/** POST /redeem-coupon; the company's credits (every query key starting with 'credits') are read again after it. */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; company_id?: string }) =>
      api.post<RedeemCouponResult>('api', CREDIT_ROUTES.redeemCoupon, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
      void queryClient.invalidateQueries({ queryKey: couponKeys.all });
    },
  });
}
