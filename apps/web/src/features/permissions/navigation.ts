import type { NavEntry } from '../../lib/routes';
import { permissionPaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: permissionPaths.permissions,
    label: 'nav:permissions',
    icon: 'key',
    group: 'administration',
    order: 30,
  },
];
