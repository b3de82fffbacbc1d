import { type AppRoute, lazyPage } from '../../lib/routes';
import { auditLogPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: auditLogPaths.auditLog,
    page: lazyPage(() => import('./pages/audit-log'), 'AuditLogPage'),
    permission: 'backoffice-audit-log',
  },
];
