import type { NavEntry } from '../../lib/routes';
import { paymentPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: paymentPaths.buyCredits, label: 'common:nav.buyCredits', icon: 'coins', group: 'billing', order: 11 },
  {
    path: paymentPaths.paymentHistory,
    label: 'common:nav.paymentHistory',
    icon: 'history',
    group: 'billing',
    order: 12,
  },
];
