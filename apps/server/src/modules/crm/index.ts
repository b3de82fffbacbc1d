import { CRM_ERRORS } from '@cuspid/contracts/crm';
import { defineModule } from '../../lib/define-module';
import { crmRoutes } from './crm.routes';

/** Notes and activities on a customer's timeline (ADR 0053). */
export const crmModule = defineModule({
  name: 'crm',
  service: 'api',
  errors: CRM_ERRORS,
  routes: crmRoutes,
  auditKinds: ['customer-note', 'customer-activity'],
});
