import type { NavEntry } from '../../lib/routes';
import { paymentPaths } from './paths';

export const navigation: NavEntry[] = [
  // The operator's staff sell credits; they do not buy them.
  {
    path: paymentPaths.buyCredits,
    label: 'nav:buyCredits',
    icon: 'coins',
    group: 'billing',
    order: 11,
    customersOnly: true,
  },
  {
    path: paymentPaths.paymentHistory,
    label: 'nav:paymentHistory',
    icon: 'history',
    group: 'billing',
    order: 12,
  },
];
