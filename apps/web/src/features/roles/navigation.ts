import type { NavEntry } from '../../lib/routes';
import { rolePaths } from './paths';

export const navigation: NavEntry[] = [
  { path: rolePaths.roles, label: 'nav:roles', icon: 'user-shield', group: 'administration', order: 20 },
];
