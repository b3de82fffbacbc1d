import { COUPON_PERMISSION } from '@cuspid/contracts/coupons';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { couponPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: couponPaths.couponCodes,
    page: lazyPage(() => import('./pages/coupon-codes'), 'CouponCodesPage'),
    permission: COUPON_PERMISSION,
  },
  {
    path: couponPaths.couponCreate,
    page: lazyPage(() => import('./pages/coupon-form'), 'CouponCreatePage'),
    permission: COUPON_PERMISSION,
  },
  {
    path: couponPaths.couponEditRoute,
    page: lazyPage(() => import('./pages/coupon-form'), 'CouponEditPage'),
    permission: COUPON_PERMISSION,
  },
  {
    path: couponPaths.couponShowRoute,
    page: lazyPage(() => import('./pages/coupon-show'), 'CouponShowPage'),
    permission: COUPON_PERMISSION,
  },
];
