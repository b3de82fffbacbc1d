import type { AuditEntry, AuditLogQuery } from '@cuspid/contracts/audit';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { readEntryPolicy } from './audit-log.policy';
import * as repo from './audit-log.repository';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

export function toAuditEntry(row: repo.AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_kind: row.actorKind,
    actor_user_id: row.actorUserId,
    actor_mail: row.actorMail,
    actor_api_key_id: row.actorApiKeyId,
    actor_company_id: row.actorCompanyId,
    company_id: row.companyId,
    entity: row.entity,
    entity_id: row.entityId,
    action: row.action,
    changes: row.changes,
  };
}

/** Newest first, paged on the server, limited to the actor's company scope (ADR 0065). */
export async function listAuditLog(deps: Deps, actor: Actor, query: AuditLogQuery) {
  // A bare date is a whole UTC day: `to=2026-11-22` includes everything on that day.
  const toIsDay = query.to !== undefined && DATE_ONLY.test(query.to);
  const to = query.to ? new Date(Date.parse(query.to) + (toIsDay ? DAY_MS : 0)) : undefined;
  const { data, total } = await repo.listAuditLog(
    deps.db,
    actor,
    {
      entity: query.entity,
      entityId: query.entity_id,
      actorUserId: query.actor_user_id,
      action: query.action,
      from: query.from ? new Date(query.from) : undefined,
      to,
      toExclusive: toIsDay,
    },
    { offset: (query.page - 1) * query.per_page, limit: query.per_page },
  );
  return { data: data.map(toAuditEntry), total };
}

export async function getAuditEntry(deps: Deps, actor: Actor, id: string): Promise<AuditEntry> {
  return toAuditEntry(authorize(actor, readEntryPolicy, await repo.findAuditEntry(deps.db, actor, id)));
}
