import type { CommandEntry } from '../../lib/routes';
import { couponPaths } from './paths';

export const commands: CommandEntry[] = [
  { path: couponPaths.couponCreate, label: 'search:actions.createCouponCode', icon: 'ticket', order: 60 },
];
