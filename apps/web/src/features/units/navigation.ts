import type { NavEntry } from '../../lib/routes';
import { unitPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: unitPaths.unit, label: 'nav:unit', icon: 'sitemap', group: 'customers', order: 20 },
];
