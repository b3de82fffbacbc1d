import {
  type CaseLogKind,
  type CaseLogText,
  type CaseMover,
  type CaseStatus,
  checkResultTransition,
  checkTransition,
  checkUploadTransition,
  isHousekeeping,
  type ResultStatus,
  type UploadStatus,
} from '@cuspid/contracts/cases';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { emit } from '../../lib/events';
import { caseLogMessage } from './cases.log-text';
import { isEngineKey, passesLock } from './cases.policy';
import * as repo from './cases.repository';

/**
 * Who changes a case: a caller (a user or an API key) or the system (submission bookkeeping, the processing
 * job, the reference engine). The state machine's mover follows from it.
 */
export type CaseChanger = { kind: 'actor'; actor: Actor } | { kind: 'system' };
export const SYSTEM: CaseChanger = { kind: 'system' };
export const byActor = (actor: Actor): CaseChanger => ({ kind: 'actor', actor });

/** The mover of the state machine a caller acts as: staff, an engine key, or a customer. */
export function moverOf(changer: CaseChanger): CaseMover {
  if (changer.kind === 'system') return 'system';
  const { actor } = changer;
  if (isEngineKey(actor)) return 'engine';
  return actor.isStaff ? 'staff' : 'customer';
}

const actorIdOf = (changer: CaseChanger) => (changer.kind === 'actor' ? changer.actor.userId : null);

/**
 * A locked case refuses changes by anyone but the user who locked it and administrators (ADR 0102). The
 * system and the engine are not stopped by a lock: a processing that was paid for finishes.
 */
export function assertUnlocked(changer: CaseChanger, row: repo.CaseRow, lockedByName?: string | null): void {
  if (changer.kind === 'system' || passesLock(changer.actor, row)) return;
  throw new AppError('CASE_LOCKED', { params: { name: lockedByName ?? 'another user' } });
}

export type MoveOptions = {
  note?: string | null;
  /** The log line (default: `status`, "Status: from → to"). */
  log?: CaseLogText;
  details?: Record<string, unknown>;
  /** More columns to change in the same update. */
  set?: repo.CaseValues;
};

/** The error for a refused move (the same for a single call and each case of a bulk call). */
export function transitionError(from: CaseStatus, to: CaseStatus, reason: 'same' | 'not-allowed' | 'not-yours') {
  if (reason === 'not-yours') return new AppError('CASE_TRANSITION_NOT_YOURS', { params: { from, to } });
  return new AppError('CASE_TRANSITION_NOT_ALLOWED', { params: { from, to } });
}

/**
 * The one way a case changes status: checks the state machine for the changer, remembers the status a
 * housekeeping status sets aside (and restores it), writes the case log, the audit trail and the live
 * event, and emits `case.status-changed` (ADR 0131), all in the caller's transaction. The row must be locked by
 * the caller.
 */
export async function moveCase(
  deps: Deps,
  tx: DbOrTx,
  row: repo.CaseRow,
  to: CaseStatus,
  changer: CaseChanger,
  options: MoveOptions = {},
): Promise<repo.CaseRow> {
  const from = row.status as CaseStatus;
  const previous = row.previousStatus as CaseStatus | null;
  const check = checkTransition(from, to, moverOf(changer), previous);
  if (!check.ok) throw transitionError(from, to, check.reason);
  const previousStatus = isHousekeeping(to) ? (isHousekeeping(from) ? previous : from) : null;
  const updated = await repo.updateCase(tx, row.id, { ...options.set, status: to, previousStatus });
  await logCase(tx, row.id, changer, {
    kind: 'status',
    fromStatus: from,
    toStatus: to,
    ...(options.log ?? { code: 'status', params: { from, to } }),
    details: { ...(options.note ? { note: options.note } : {}), ...options.details },
  });
  await recordAudit(tx, changer.kind === 'actor' ? changer.actor : null, {
    entity: 'case',
    entityId: row.id,
    action: 'update',
    companyId: row.companyId,
    before: { status: from, previous_status: previous },
    after: { status: to, previous_status: previousStatus },
  });
  await repo.notifyCaseChanged(tx, row.id);
  await emit(deps, tx, 'case.status-changed', { caseId: row.id, companyId: row.companyId, from, to });
  return updated;
}

/** Where a line's code and parameters are kept in its details (ADR 0123); GET /case-logs answers them apart. */
export const LOG_CODE_KEY = 'message_code';
export const LOG_PARAMS_KEY = 'message_params';

/**
 * Writes one case log line (GET /case-logs/{id}): its code and parameters, and the English message for API
 * clients made from them.
 */
export async function logCase(
  tx: DbOrTx,
  caseId: string,
  changer: CaseChanger,
  entry: CaseLogText & {
    kind: CaseLogKind;
    fromStatus?: CaseStatus | null;
    toStatus?: CaseStatus | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const text = { code: entry.code, params: entry.params } as CaseLogText;
  await repo.insertLog(tx, {
    caseId,
    kind: entry.kind,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    message: caseLogMessage(text),
    details: { ...entry.details, [LOG_CODE_KEY]: text.code, [LOG_PARAMS_KEY]: text.params },
    actorId: actorIdOf(changer),
  });
}

/** The one way a result changes status (checked against RESULT_TRANSITIONS), logged on its case. */
export async function moveResult(
  tx: DbOrTx,
  result: repo.ResultRow,
  to: ResultStatus,
  changer: CaseChanger,
  companyId: string,
  note?: string | null,
): Promise<repo.ResultRow> {
  const from = result.status as ResultStatus;
  const check = checkResultTransition(from, to, moverOf(changer));
  if (!check.ok) {
    throw check.reason === 'not-yours'
      ? new AppError('CASE_STATUS_STAFF_ONLY')
      : new AppError('CASE_RESULT_TRANSITION_NOT_ALLOWED', { params: { from, to } });
  }
  const updated = await repo.updateResult(tx, result.id, { status: to });
  await logCase(tx, result.caseId, changer, {
    kind: 'result',
    code: 'result-status',
    params: { version: result.version, from, to },
    details: { result_id: result.id, version: result.version, ...(note ? { note } : {}) },
  });
  await recordAudit(tx, changer.kind === 'actor' ? changer.actor : null, {
    entity: 'case-result',
    entityId: result.id,
    action: 'update',
    companyId,
    before: { status: from },
    after: { status: to },
  });
  return updated;
}

/**
 * A jaw's scan moves with its case's processing (UPLOAD_TRANSITIONS): a refused move here means the run's
 * bookkeeping went wrong (a report for a jaw that is not waiting for one), so the whole change is undone.
 */
export function assertJawMove(from: UploadStatus, to: UploadStatus, changer: CaseChanger): void {
  const check = checkUploadTransition(from, to, moverOf(changer));
  if (!check.ok) throw new Error(`A jaw scan that is ${from} cannot become ${to} (${check.reason})`);
}
