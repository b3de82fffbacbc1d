import type { NavEntry } from '../../lib/routes';
import { casePaths } from './paths';

export const navigation: NavEntry[] = [
  { path: casePaths.cases, label: 'nav:cases', icon: 'dental', group: 'cases', order: 10 },
];
