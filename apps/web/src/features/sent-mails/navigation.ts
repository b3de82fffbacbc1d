import type { NavEntry } from '../../lib/routes';
import { sentMailPaths } from './paths';

export const navigation: NavEntry[] = [
  // Beside the mail templates, whose mails it shows.
  { path: sentMailPaths.sentMails, label: 'nav:sentMails', icon: 'mail', group: 'content', order: 25 },
];
