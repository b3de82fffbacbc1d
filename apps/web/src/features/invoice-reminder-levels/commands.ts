import type { CommandEntry } from '../../lib/routes';
import { reminderLevelPaths } from './paths';

export const commands: CommandEntry[] = [
  {
    path: reminderLevelPaths.reminderLevelCreate,
    label: 'invoice-reminder-levels:commands.createLevel',
    icon: 'mail',
    order: 56,
  },
];
