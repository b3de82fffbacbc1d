import { z } from 'zod';
import { backofficePermission, type TitlesOf } from './permissions';
import { dateOrDateTimeSchema as dateOrDateTime, textSchema } from './validation';

/** The actions the audit trail records. */
/** Paths of the audit trail (main backend, mounted at /api). */
export const AUDIT_ROUTES = {
  auditLog: '/audit-log',
  entry: (id: string) => `/audit-log/${id}`,
} as const;

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Filters of GET /api/audit-log (newest first, paged by page/per_page). `from`/`to` take a date or an
 * ISO date-time; a bare `to` date includes that whole day.
 */
export const auditLogQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
    entity: textSchema(64, { min: 1 }).optional(),
    entity_id: textSchema(200, { min: 1 }).optional(),
    actor_user_id: z.uuid().optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: dateOrDateTime.optional(),
    to: dateOrDateTime.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'The start must not be after the end',
    path: ['to'],
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditChangeSchema = z.object({ old: z.unknown(), new: z.unknown() });

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  actor_kind: z.string(),
  actor_user_id: z.uuid().nullable(),
  actor_mail: z.string().nullable(),
  actor_api_key_id: z.uuid().nullable(),
  actor_company_id: z.uuid().nullable(),
  company_id: z.uuid().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  changes: z.record(z.string(), auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit trail: its entries of the permission catalogue. */
export const AUDIT_LOG_PERMISSION_CATALOGUE = [backofficePermission('audit-log', 'audit')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof AUDIT_LOG_PERMISSION_CATALOGUE> {}
}
