import { REMINDER_LEVEL_ERRORS, REMINDER_LEVEL_PERMISSION_CATALOGUE } from '@cuspid/contracts/reminder-levels';
import { defineModule } from '../../lib/define-module';
import { reminderLevelsRoutes } from './reminder-levels.routes';

export { allLevels as allReminderLevels, type ReminderLevelRow } from './reminder-levels.repository';

/** Reminder levels: the steps of dunning (spec section 3). */
export const reminderLevelsModule = defineModule({
  name: 'reminder-levels',
  service: 'api',
  errors: REMINDER_LEVEL_ERRORS,
  routes: reminderLevelsRoutes,
  permissions: REMINDER_LEVEL_PERMISSION_CATALOGUE,
  auditKinds: ['reminder-level'],
});
