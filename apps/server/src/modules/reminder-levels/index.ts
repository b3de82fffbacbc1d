import { defineModule } from '../../lib/define-module';
import { reminderLevelsRoutes } from './reminder-levels.routes';

/** Reminder levels: the steps of dunning (spec section 3). */
export const reminderLevelsModule = defineModule({
  name: 'reminder-levels',
  service: 'api',
  routes: reminderLevelsRoutes,
});
