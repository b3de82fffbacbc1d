import type { NavEntry } from '../../lib/routes';
import { couponPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: couponPaths.couponCodes, label: 'nav:couponCodes', icon: 'ticket', group: 'billing', order: 41 },
];
