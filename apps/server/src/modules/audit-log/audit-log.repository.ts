import { and, desc, eq, gte, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listPage, oneRow } from '../../db/paging';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { userMailOf } from '../users/users.tables';
import { auditLog } from './audit-log.schema';

export type AuditLogFilters = {
  entity?: string | undefined;
  entityId?: string | undefined;
  actorUserId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  /** Inclusive upper bound, or exclusive when `toExclusive` (a whole day ends at the next midnight). */
  to?: Date | undefined;
  toExclusive?: boolean;
};

export type AuditLogRow = typeof auditLog.$inferSelect & { actorMail: string | null };

/** Staff see every entry; anyone else only entries of companies in their scope (none without a company). */
const visible = (actor: Actor) => companyScope(actor, auditLog.companyId);

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorKind: auditLog.actorKind,
  actorUserId: auditLog.actorUserId,
  actorApiKeyId: auditLog.actorApiKeyId,
  actorCompanyId: auditLog.actorCompanyId,
  companyId: auditLog.companyId,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  changes: auditLog.changes,
  actorMail: userMailOf(auditLog.actorUserId),
};

export async function listAuditLog(
  db: DbOrTx,
  actor: Actor,
  filters: AuditLogFilters,
  page: { offset: number; limit: number },
): Promise<{ data: AuditLogRow[]; total: number }> {
  const where = and(
    visible(actor),
    filters.entity ? eq(auditLog.entity, filters.entity) : undefined,
    filters.entityId ? eq(auditLog.entityId, filters.entityId) : undefined,
    filters.actorUserId ? eq(auditLog.actorUserId, filters.actorUserId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.to ? (filters.toExclusive ? lt(auditLog.at, filters.to) : lte(auditLog.at, filters.to)) : undefined,
  );
  const { data: rows, total } = await listPage(
    db,
    db.select(columns).from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).$dynamic(),
    db.select(oneRow).from(auditLog).where(where).$dynamic(),
    page,
  );
  return { data: rows, total };
}

export async function findAuditEntry(db: DbOrTx, actor: Actor, id: string): Promise<AuditLogRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(auditLog)
    .where(and(eq(auditLog.id, id), visible(actor)));
  return row;
}
