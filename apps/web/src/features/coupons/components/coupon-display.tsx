import type { Coupon, CouponStatus } from '@cuspid/contracts/coupons';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';

const STATUS_COLOURS: Record<CouponStatus, string> = {
  scheduled: 'blue',
  active: 'teal',
  expired: 'gray',
  used_up: 'orange',
  inactive: 'gray',
};

export function CouponStatusBadge({ status }: { status: CouponStatus }) {
  const { t } = useTranslation('coupons');
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" data-testid="coupon-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** What a coupon grants: "10 free credits", "15 % off", "€20.00 off". */
export function useCouponGrant() {
  const { t } = useTranslation('coupons');
  const format = useFormat();
  return (
    coupon: Pick<Coupon, 'kind' | 'credits' | 'credit_type' | 'percent_off' | 'amount_off_cents' | 'currency'>,
  ) => {
    if (coupon.kind === 'credits')
      return t(`grant.credits_${coupon.credit_type ?? 'free'}`, { count: coupon.credits ?? 0 });
    if (coupon.kind === 'percent') return t('grant.percent', { percent: coupon.percent_off ?? 0 });
    return t('grant.fixed', {
      amount: format.money(coupon.amount_off_cents ?? 0, coupon.currency),
    });
  };
}

/** "used / max" ("3 / ∞" without a limit). */
export const usedOf = (used: number, max: number | null) => `${used} / ${max ?? '∞'}`;
