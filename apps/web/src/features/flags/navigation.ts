import type { NavEntry } from '../../lib/routes';
import { flagPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: flagPaths.flags, label: 'nav:flags', icon: 'flag', group: 'administration', order: 60 },
];
