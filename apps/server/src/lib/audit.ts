import type { DbOrTx } from '../db/client';
import { type AuditChange, auditLog } from '../modules/audit-log/audit-log.schema';
import type { Actor } from './actor';

/**
 * Who made a change: a caller of a request, or a person acting through a mailed link (accepting an
 * invitation, resetting a password) who has no session yet.
 */
export type AuditActor = Actor | { kind: 'user'; userId: string; companyId: string };

export type AuditAction = 'create' | 'update' | 'delete';

export type AuditEntry = {
  /** Kind of record, singular and kebab-case: 'user', 'role', 'api-key', 'company', … */
  entity: string;
  entityId: string;
  action: AuditAction;
  /** The company the record belongs to, if any: decides which company users may read the entry. */
  companyId?: string | null | undefined;
  /** The record before the change (update, delete). */
  before?: Record<string, unknown> | null | undefined;
  /** The record after the change (create, update). */
  after?: Record<string, unknown> | null | undefined;
};

export const REDACTED = '[redacted]';

/** Fields whose values never reach the audit trail: only the fact that they changed. */
const SECRET_FIELD = /(password|secret|hash|token|otp|totp|private)/i;

const BOOKKEEPING_FIELDS = new Set(['updatedAt', 'updated_at']);

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changed fields of a record with their old and new values. Arrays compare as sets when they
 * hold strings (roles, scopes), so reordering is no change. Secret fields show only `[redacted]`.
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (BOOKKEEPING_FIELDS.has(key)) continue;
    const oldValue = before ? normalise(before[key]) : null;
    const newValue = after ? normalise(after[key]) : null;
    const sortable = (v: unknown) =>
      Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...(v as string[])].sort() : v;
    if (same(sortable(oldValue), sortable(newValue))) continue;
    if (before && after && !(key in after)) continue;
    changes[key] = SECRET_FIELD.test(key)
      ? { old: oldValue === null ? null : REDACTED, new: newValue === null ? null : REDACTED }
      : { old: oldValue, new: newValue };
  }
  return changes;
}

/**
 * Records one change in the audit trail, inside the caller's transaction so the trail and the
 * change commit together. `actor` null means the system (CLI, jobs). An update that changed
 * nothing writes nothing.
 */
export async function recordAudit(tx: DbOrTx, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

const AUDIT_BATCH = 500;

/**
 * Records many changes at once (bulk calls: one entry per record, written in batches), with the
 * same rules as recordAudit.
 */
export async function recordAudits(tx: DbOrTx, actor: AuditActor | null, entries: AuditEntry[]): Promise<void> {
  const rows = [];
  for (const entry of entries) {
    const changes = auditChanges(entry.before, entry.after);
    if (entry.action === 'update' && Object.keys(changes).length === 0) continue;
    rows.push({
      actorKind: actor?.kind ?? 'system',
      actorUserId: actor?.userId ?? null,
      actorApiKeyId: actor?.kind === 'api-key' ? actor.apiKeyId : null,
      actorCompanyId: actor?.companyId ?? null,
      entity: entry.entity,
      entityId: entry.entityId,
      companyId: entry.companyId ?? null,
      action: entry.action,
      changes,
    });
  }
  for (let i = 0; i < rows.length; i += AUDIT_BATCH) await tx.insert(auditLog).values(rows.slice(i, i + AUDIT_BATCH));
}
