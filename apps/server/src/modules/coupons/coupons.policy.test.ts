import { describe, expect, it } from 'vitest';
import { type CouponState, discountOn, redemptionRefusal } from './coupons.policy';

const now = new Date('2026-11-25T12:00:00Z');
const coupon = (over: Partial<CouponState> = {}): CouponState => ({
  kind: 'credits',
  active: true,
  startsAt: null,
  endsAt: null,
  uses: 0,
  maxUses: null,
  companiesUsed: 0,
  freeUsers: null,
  maxUsesPerCompany: 1,
  packageIds: [],
  ...over,
});
const credits = { kind: 'credits' } as const;
const code = (state: CouponState, uses = 0, purpose: Parameters<typeof redemptionRefusal>[1] = credits) =>
  redemptionRefusal(state, purpose, uses, now)?.code ?? null;

describe('redemption rules', () => {
  it('let a live coupon be used and refuse each reason on its own', () => {
    expect(code(coupon())).toBeNull();
    expect(code(coupon({ active: false }))).toBe('COUPON_UNKNOWN');
    expect(redemptionRefusal(coupon({ startsAt: new Date('2026-12-01T00:00:00Z') }), credits, 0, now)).toEqual({
      code: 'COUPON_NOT_STARTED',
      params: { date: '2026-12-01' },
    });
    expect(code(coupon({ endsAt: now }))).toBe('COUPON_EXPIRED');
    expect(code(coupon({ kind: 'percent' }))).toBe('COUPON_DISCOUNT_AT_PURCHASE');
    expect(code(coupon(), 0, { kind: 'discount' })).toBe('COUPON_GRANTS_CREDITS');
    expect(code(coupon({ uses: 5, maxUses: 5 }))).toBe('COUPON_USED_UP');
    expect(code(coupon(), 1)).toBe('COUPON_ALREADY_USED');
    expect(code(coupon({ maxUsesPerCompany: 2 }), 1)).toBeNull();
    expect(code(coupon({ freeUsers: 2, companiesUsed: 2, uses: 2 }))).toBe('COUPON_NO_FREE_PLACES');
    const percent = coupon({ kind: 'percent', packageIds: ['a'] });
    expect(code(percent, 0, { kind: 'discount', packageId: 'b' })).toBe('COUPON_NOT_FOR_PACKAGE');
    expect(code(percent, 0, { kind: 'discount', packageId: 'a' })).toBeNull();
  });

  it('keep the place of a company that used the coupon before', () => {
    const full = coupon({ freeUsers: 2, companiesUsed: 2, uses: 2, maxUsesPerCompany: 3 });
    expect(code(full, 1)).toBeNull();
    expect(code(full, 0)).toBe('COUPON_NO_FREE_PLACES');
  });

  it('answer an expired coupon as expired even when it is used up too', () => {
    expect(code(coupon({ endsAt: new Date('2026-01-01T00:00:00Z'), uses: 1, maxUses: 1 }))).toBe('COUPON_EXPIRED');
  });
});

describe('discounts', () => {
  it('round a percentage to the cent and never go below a price of zero', () => {
    expect(discountOn({ kind: 'percent', percentOff: 15, amountOffCents: null }, 9_999)).toBe(1_500);
    expect(discountOn({ kind: 'percent', percentOff: 100, amountOffCents: null }, 9_999)).toBe(9_999);
    expect(discountOn({ kind: 'fixed', percentOff: null, amountOffCents: 2_000 }, 1_000)).toBe(1_000);
    expect(discountOn({ kind: 'fixed', percentOff: null, amountOffCents: 500 }, 1_000)).toBe(500);
    expect(discountOn({ kind: 'credits', percentOff: null, amountOffCents: null }, 1_000)).toBe(0);
  });
});
