import type { CommandEntry, SearchAreaEntry } from '../../lib/routes';
import { couponPaths } from './paths';

export const commands: CommandEntry[] = [
  { path: couponPaths.couponCreate, label: 'search:actions.createCouponCode', icon: 'ticket', order: 60 },
];

export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'coupon-codes',
    label: 'search:areas.couponCodes',
    icon: 'ticket',
    link: (item) => couponPaths.couponShow(item.id),
    list: couponPaths.couponCodes,
  },
];
