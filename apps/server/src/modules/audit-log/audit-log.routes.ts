import { errorResponses, idParamsSchema, totalListSchema } from '@cuspid/contracts';
import { AUDIT_ROUTES, auditEntrySchema, auditLogQuerySchema } from '@cuspid/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './audit-log.service';

const tags = ['audit-log'];
const permission = 'backoffice-audit-log' as const;

export const auditLogRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    AUDIT_ROUTES.auditLog,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The audit trail, newest first (paged; filters: entity, entity id, actor, action, date range)',
        querystring: auditLogQuerySchema,
        response: { 200: totalListSchema(auditEntrySchema), ...errorResponses },
      },
    },
    (request) => service.listAuditLog(deps, requireActor(request), request.query),
  );

  app.get(
    AUDIT_ROUTES.entry(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One audit entry with its changed fields (old → new)',
        params: idParamsSchema,
        response: { 200: auditEntrySchema, ...errorResponses },
      },
    },
    (request) => service.getAuditEntry(deps, requireActor(request), request.params.id),
  );
};
