import { sql } from 'drizzle-orm';
import { index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';

/** One changed field: its value before and after (null where the record did not exist). */
export type AuditChange = { old: unknown; new: unknown };

/**
 * The audit trail of every service: who changed which record, when, and which fields from what to
 * what. It names records by entity and id only (no foreign keys), so any service writes to it and
 * history outlives the records it describes. Written only through `lib/audit.ts` (secrets redacted).
 */
export const auditLog = backend.table(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'user', 'api-key' or 'system' (CLI, jobs, seed). */
    actorKind: text('actor_kind').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    actorCompanyId: uuid('actor_company_id'),
    /** What kind of record: 'user', 'role', 'permission', 'api-key', … */
    entity: text('entity').notNull(),
    /**
     * The company the changed record belongs to (null for records of no company: roles,
     * permissions, mail templates …). Company users see only entries of companies in their scope.
     */
    companyId: uuid('company_id'),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
    index('audit_log_company_idx').on(t.companyId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);
