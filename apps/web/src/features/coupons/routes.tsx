import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { couponPaths } from './paths';

// COUPON_PERMISSION of @cuspid/contracts/coupons, written out: importing that module would put its schemas (zod) into the login page's
// bundle, which loads the route table.
const COUPON_PERMISSION = 'backoffice-coupon-code' satisfies PermissionTitle;

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
