import { lazyPage } from '../../lib/routes';
import type { SlotEntry } from '../../lib/slots';

// The box a company redeems a credits coupon with, on its own company page, for those who may see its credits.
export const slots: SlotEntry[] = [
  {
    slot: 'my-company.main',
    order: 10,
    component: lazyPage(() => import('./components/redeem-coupon-card'), 'RedeemCouponCard'),
    permission: 'backoffice-credit',
  },
];
