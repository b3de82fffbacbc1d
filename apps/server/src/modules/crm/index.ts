import { defineModule } from '../../lib/define-module';
import { crmRoutes } from './crm.routes';

/** Notes and activities on a customer's timeline (ADR 0053). */
export const crmModule = defineModule({
  name: 'crm',
  service: 'api',
  routes: crmRoutes,
  auditKinds: ['customer-note', 'customer-activity'],
});
