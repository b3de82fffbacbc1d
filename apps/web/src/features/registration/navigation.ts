import type { NavEntry } from '../../lib/routes';
import { registrationPaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: registrationPaths.registrationConfiguration,
    label: 'nav:registrationConfiguration',
    icon: 'settings',
    group: 'administration',
    order: 50,
  },
];
