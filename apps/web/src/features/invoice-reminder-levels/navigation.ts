import type { NavEntry } from '../../lib/routes';
import { reminderLevelPaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: reminderLevelPaths.reminderLevels,
    label: 'nav:invoiceReminderLevels',
    icon: 'mail',
    group: 'billing',
    order: 6,
  },
];
