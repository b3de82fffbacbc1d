import type { RecordPages } from '../../lib/record-pages';

export const couponPaths = {
  couponCodes: '/coupon-codes',
  couponCreate: '/coupon-codes/create',
  couponEditRoute: '/coupon-codes/:id/edit',
  couponEdit: (id: string) => `/coupon-codes/${id}/edit`,
  couponShowRoute: '/coupon-codes/:id/show',
  couponShow: (id: string) => `/coupon-codes/${id}/show`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  'coupon-code': couponPaths.couponShow,
};
