import type { NavEntry } from '../../lib/routes';
import { userPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: userPaths.users, label: 'nav:users', icon: 'users', group: 'administration', order: 10 },
];
