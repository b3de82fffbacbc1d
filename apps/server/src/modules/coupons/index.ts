import { COUPON_ERRORS, COUPON_PERMISSION_CATALOGUE } from '@cuspid/contracts/coupons';
import { defineModule } from '../../lib/define-module';
import { couponsRoutes } from './coupons.routes';
import { couponsSearch } from './coupons.search';

export { setRedemptionInvoice } from './coupons.repository';
export { applyDiscountCoupon, previewDiscountCoupon } from './coupons.service';

/** Coupon codes: credits coupons redeemed by a company, discount coupons given on a package purchase. */
export const couponsModule = defineModule({
  name: 'coupons',
  service: 'api',
  errors: COUPON_ERRORS,
  routes: couponsRoutes,
  search: [couponsSearch],
  permissions: COUPON_PERMISSION_CATALOGUE,
  auditKinds: ['coupon-code', 'coupon-redemption'],
});
