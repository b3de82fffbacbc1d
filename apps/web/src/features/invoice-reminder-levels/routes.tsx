import { REMINDER_LEVEL_PERMISSION } from '@cuspid/contracts/reminder-levels';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { reminderLevelPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: reminderLevelPaths.reminderLevels,
    page: lazyPage(() => import('./pages/reminder-levels'), 'ReminderLevelsPage'),
    permission: REMINDER_LEVEL_PERMISSION,
  },
  {
    path: reminderLevelPaths.reminderLevelCreate,
    page: lazyPage(() => import('./pages/reminder-level-form'), 'ReminderLevelCreatePage'),
    permission: REMINDER_LEVEL_PERMISSION,
  },
  {
    path: reminderLevelPaths.reminderLevelEditRoute,
    page: lazyPage(() => import('./pages/reminder-level-form'), 'ReminderLevelEditPage'),
    permission: REMINDER_LEVEL_PERMISSION,
  },
];
