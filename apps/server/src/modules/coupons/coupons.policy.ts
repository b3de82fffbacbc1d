import type { ErrorCode } from '@cuspid/contracts';
import type { CouponKind } from '@cuspid/contracts/coupons';

// Who may manage coupons is the routes' permission (backoffice-coupon-code); who may redeem one for which
// company is backoffice-credit and the company scope (in SQL). These are the rules of a redemption.

/** What a redemption must know of the coupon, read under its row lock. */
export type CouponState = {
  kind: CouponKind;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  uses: number;
  maxUses: number | null;
  companiesUsed: number;
  freeUsers: number | null;
  maxUsesPerCompany: number;
  packageIds: string[];
};

export type Refusal = { code: ErrorCode; params?: Record<string, string | number> };

/**
 * Why the company cannot use the coupon now for `purpose` (credits: POST /redeem-coupon; discount: a package
 * purchase), or null. `companyUses`: how often this company used it already. The checks run in this order,
 * so that a coupon that is both expired and used up answers 'expired'.
 */
export function redemptionRefusal(
  coupon: CouponState,
  purpose: { kind: 'credits' } | { kind: 'discount'; packageId?: string | undefined },
  companyUses: number,
  now: Date,
): Refusal | null {
  if (!coupon.active) return { code: 'COUPON_UNKNOWN' };
  if (coupon.startsAt && coupon.startsAt > now)
    return { code: 'COUPON_NOT_STARTED', params: { date: coupon.startsAt.toISOString().slice(0, 10) } };
  if (coupon.endsAt && coupon.endsAt <= now) return { code: 'COUPON_EXPIRED' };
  if (purpose.kind === 'credits' && coupon.kind !== 'credits') return { code: 'COUPON_DISCOUNT_AT_PURCHASE' };
  if (purpose.kind === 'discount' && coupon.kind === 'credits') return { code: 'COUPON_GRANTS_CREDITS' };
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return { code: 'COUPON_USED_UP' };
  if (companyUses >= coupon.maxUsesPerCompany) return { code: 'COUPON_ALREADY_USED' };
  // A company that redeemed it before holds its place already: only a first use needs a free one.
  if (companyUses === 0 && coupon.freeUsers !== null && coupon.companiesUsed >= coupon.freeUsers)
    return { code: 'COUPON_NO_FREE_PLACES' };
  if (
    purpose.kind === 'discount' &&
    purpose.packageId &&
    coupon.packageIds.length > 0 &&
    !coupon.packageIds.includes(purpose.packageId)
  )
    return { code: 'COUPON_NOT_FOR_PACKAGE' };
  return null;
}

/** The discount a coupon gives on a price (cents): a percentage rounded to the cent, or a fixed amount up to the price. */
export function discountOn(
  coupon: { kind: CouponKind; percentOff: number | null; amountOffCents: number | null },
  priceCents: number,
): number {
  if (coupon.kind === 'percent') return Math.min(priceCents, Math.round((priceCents * (coupon.percentOff ?? 0)) / 100));
  if (coupon.kind === 'fixed') return Math.min(priceCents, coupon.amountOffCents ?? 0);
  return 0;
}
