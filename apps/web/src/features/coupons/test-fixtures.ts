import type { Coupon } from '@cuspid/contracts/coupons';

export const WELCOME = '33333333-3333-4333-8333-333333333333';

export function couponRecord(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: WELCOME,
    code: 'WELCOME10',
    description: 'For new practices',
    kind: 'credits',
    credits: 10,
    credit_type: 'free',
    percent_off: null,
    amount_off_cents: null,
    currency: 'EUR',
    package_ids: [],
    free_users: 50,
    max_uses: null,
    max_uses_per_company: 1,
    uses: 3,
    companies_used: 3,
    starts_at: null,
    ends_at: null,
    active: true,
    status: 'active',
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}
