import type { NavEntry } from '../../lib/routes';
import { flagPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: flagPaths.flags, label: 'common:nav.flags', icon: 'flag', group: 'administration', order: 60 },
];
