import type { NavEntry } from '../../lib/routes';
import { packagePaths } from './paths';

export const navigation: NavEntry[] = [
  { path: packagePaths.packages, label: 'nav:packages', icon: 'receipt', group: 'billing', order: 40 },
  {
    path: packagePaths.countryCredits,
    label: 'nav:countryCredits',
    icon: 'dental',
    group: 'billing',
    order: 42,
  },
  {
    path: packagePaths.creditSettings,
    label: 'nav:creditSettings',
    icon: 'settings',
    group: 'billing',
    order: 43,
  },
];
