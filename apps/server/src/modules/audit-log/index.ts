import { defineModule } from '../../lib/define-module';
import { auditLogRoutes } from './audit-log.routes';

/** The audit trail's reading side: GET /api/audit-log and one entry (ADR 0030, 0065). */
export const auditLogModule = defineModule({ name: 'audit-log', service: 'api', routes: auditLogRoutes });
