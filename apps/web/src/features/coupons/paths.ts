export const couponPaths = {
  couponCodes: '/coupon-codes',
  couponCreate: '/coupon-codes/create',
  couponEditRoute: '/coupon-codes/:id/edit',
  couponEdit: (id: string) => `/coupon-codes/${id}/edit`,
  couponShowRoute: '/coupon-codes/:id/show',
  couponShow: (id: string) => `/coupon-codes/${id}/show`,
} as const;
