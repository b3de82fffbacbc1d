import type { NavEntry } from '../../lib/routes';
import { creditPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: creditPaths.credits, label: 'nav:credits', icon: 'coins', group: 'billing', order: 10 },
];
