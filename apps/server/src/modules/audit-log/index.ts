import { AUDIT_LOG_PERMISSION_CATALOGUE } from '@cuspid/contracts/audit';
import { defineModule } from '../../lib/define-module';
import { auditLogRoutes } from './audit-log.routes';

/** The audit trail's reading side: GET /api/audit-log and one entry (ADR 0030, 0065). */
export const auditLogModule = defineModule({
  name: 'audit-log',
  service: 'api',
  routes: auditLogRoutes,
  permissions: AUDIT_LOG_PERMISSION_CATALOGUE,
});
