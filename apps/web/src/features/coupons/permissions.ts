import { COUPON_PERMISSION_CATALOGUE } from '@cuspid/contracts/coupons';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = COUPON_PERMISSION_CATALOGUE;
