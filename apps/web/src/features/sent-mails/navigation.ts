import type { NavEntry } from '../../lib/routes';
import { sentMailPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: sentMailPaths.sentMails, label: 'common:nav.sentMails', icon: 'mail', group: 'support', order: 30 },
];
