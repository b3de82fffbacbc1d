import { eq } from 'drizzle-orm';
import { defineGuards } from '../../../test/guards';
import { auditLog } from './audit-log.schema';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/audit-log': null,
    'GET /api/audit-log/:id': 'auditEntry',
  },
  records: {
    // Made after the company's other records, whose creation it audits.
    auditEntry: {
      scope: 'tenant',
      late: true,
      create: async ({ deps, companyId }) => {
        const [entry] = await deps.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(eq(auditLog.companyId, companyId))
          .limit(1);
        return entry!.id;
      },
    },
  },
});
