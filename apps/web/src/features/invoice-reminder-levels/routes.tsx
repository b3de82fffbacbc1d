import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { reminderLevelPaths } from './paths';

// REMINDER_LEVEL_PERMISSION of @cuspid/contracts/reminder-levels, written out: importing that module would put its schemas (zod) into the login page's
// bundle, which loads the route table.
const REMINDER_LEVEL_PERMISSION = 'backoffice-invoice-reminder-level' satisfies PermissionTitle;

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
