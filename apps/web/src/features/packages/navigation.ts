import type { NavEntry } from '../../lib/routes';
import { packagePaths } from './paths';

export const navigation: NavEntry[] = [
  { path: packagePaths.packages, label: 'common:nav.packages', icon: 'receipt', group: 'billing', order: 40 },
  {
    path: packagePaths.countryCredits,
    label: 'common:nav.countryCredits',
    icon: 'dental',
    group: 'billing',
    order: 42,
  },
  {
    path: packagePaths.creditSettings,
    label: 'common:nav.creditSettings',
    icon: 'settings',
    group: 'billing',
    order: 43,
  },
];
