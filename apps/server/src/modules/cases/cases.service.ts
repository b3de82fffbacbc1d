import { randomUUID } from 'node:crypto';
import type { BulkItemResult, BulkResult } from '@cuspid/contracts';
import type {
  approveCaseSchema,
  approveCasesSchema,
  createCaseSchema,
  emptyTrashSchema,
  jawActionSchema,
  jawOrientationSchema,
  requeueCaseSchema,
  sendApproveMailSchema,
  updateCaseSchema,
  updateStatusesSchema,
  updateStatusSchema,
} from '@cuspid/contracts/cases';
import {
  CASE_LOG_CODES,
  type Case,
  type CaseJaw,
  type CaseListQuery,
  type CaseLog,
  type CaseLogCode,
  type CaseStatus,
  type EmptyTrashResult,
  type Jaw,
  type ParsedTeeth,
  parseTeethText,
  requeuePricing,
  type ScanQuality,
} from '@cuspid/contracts/cases';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import { findVisibleCompanyCountry } from '../companies';
import { priceCase } from '../country-credits';
import { spendCredits } from '../credits';
import { listRecordLabels } from '../flags';
import { consumeUpload, type StoredUpload } from '../uploads';
import { listCasesJson } from './cases.list.repository';
import {
  assertUnlocked,
  byActor,
  type CaseChanger,
  LOG_CODE_KEY,
  LOG_PARAMS_KEY,
  logCase,
  moveCase,
  moveResult,
} from './cases.machine';
import { mailAboutCase, mailStatusReached } from './cases.mails';
import { casePolicy, changePolicy, passesLock, statusPolicy } from './cases.policy';
import { enqueueProcessing } from './cases.processing';
import { refundProcessing } from './cases.refund';
import * as repo from './cases.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toJaw(row: repo.JawRow): CaseJaw {
  return {
    jaw: row.jaw as Jaw,
    status: row.status as CaseJaw['status'],
    file_name: row.fileName,
    size: row.size,
    sha256: row.sha256,
    unsupported_reason: row.unsupportedReason,
    quality: (row.quality as ScanQuality | null) ?? null,
    deleted_at: iso(row.deletedAt),
    orientation: row.orientation,
  };
}

type Labels = Awaited<ReturnType<typeof listRecordLabels>>;

function toCase(row: repo.CaseView, jaws: repo.JawRow[], labels: Labels): Case {
  const label = labels.get(row.id) ?? { flag: null, tags: [] };
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    name: row.name,
    patient: row.patient,
    patient_birth_year: row.patientBirthYear,
    notes: row.notes,
    status: row.status as CaseStatus,
    previous_status: row.previousStatus as CaseStatus | null,
    upper_teeth: row.upperTeeth,
    lower_teeth: row.lowerTeeth,
    jaws: jaws.filter((j) => j.caseId === row.id).map(toJaw),
    credits_spent: row.creditsSpent,
    engine: row.engine as Case['engine'],
    processing_error: row.processingError,
    result_count: row.resultCount,
    locked_by: row.lockedBy,
    locked_by_name: row.lockedBy ? row.lockedByName : null,
    locked_at: iso(row.lockedAt),
    flag: label.flag,
    tags: label.tags,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of cases as the JSON text of `{ data, total }`, written by PostgreSQL (ADR 0104). */
export function listCases(deps: Deps, actor: Actor, query: CaseListQuery): Promise<string> {
  return listCasesJson(deps.database, actor, query);
}

/** One case as the actor sees it (404 for another company's or, for a customer, a hidden one). */
export async function getCase(deps: Deps, actor: Actor, id: string, db: DbOrTx = deps.db): Promise<Case> {
  const row = authorize(actor, casePolicy, await repo.findVisibleCase(db, actor, id));
  const [jaws, labels] = await Promise.all([repo.listJaws(db, [id]), listRecordLabels(db, 'case', [id])]);
  return toCase(row, jaws, labels);
}

/** Runs `change` on the locked case after the lock check, and answers the case as it is afterwards. */
async function changeCase(
  deps: Deps,
  actor: Actor,
  id: string,
  change: (tx: DbOrTx, row: repo.CaseRow) => Promise<void>,
): Promise<Case> {
  return deps.db.transaction(async (tx) => {
    const row = authorize(actor, changePolicy, await repo.lockVisibleCase(tx, actor, id));
    assertUnlocked(byActor(actor), row, await lockerName(tx, row));
    await change(tx, row);
    return getCase(deps, actor, id, tx);
  });
}

/** The lock check of a change `actor` makes to a case it holds locked in this transaction (423 naming the locker). */
export async function assertCaseUnlocked(db: DbOrTx, actor: Actor, row: repo.CaseRow): Promise<void> {
  assertUnlocked(byActor(actor), row, await lockerName(db, row));
}

async function lockerName(db: DbOrTx, row: repo.CaseRow): Promise<string | null> {
  if (!row.lockedBy) return null;
  const user = await repo.findUserContact(db, row.lockedBy);
  if (!user) return null;
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.mail;
}

/**
 * POST /case-lists: the case is created and submitted in one transaction (ADR 0102). The verified uploads
 * become its jaws, the price of its teeth (the credits pricing function, in the company's country) is
 * spent, the case and its jaws are queued and the processing job enqueued. 'Not enough credits' (402)
 * leaves everything as it was, the uploads too.
 */
export async function createCase(deps: Deps, actor: Actor, body: z.output<typeof createCaseSchema>): Promise<Case> {
  const id = randomUUID();
  return deps.db.transaction(async (tx) => {
    const uploads: (StoredUpload & { jaw: Jaw })[] = [];
    for (const jaw of ['upper', 'lower'] as const) {
      const uploadId = jaw === 'upper' ? body.upper_upload_id : body.lower_upload_id;
      if (!uploadId) continue;
      try {
        uploads.push({ jaw, ...(await consumeUpload(tx, { uploadId, companyId: actor.companyId })) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw new AppError('CASE_UPLOAD_UNUSABLE', {
          params: { jaw, reason: err.message },
          errors: { [`${jaw}_upload_id`]: [err.message] },
        });
      }
    }
    assertTeethHaveScans(body.upper_teeth, body.lower_teeth, uploads);
    const company = await findVisibleCompanyCountry(tx, actor, actor.companyId);
    const price = await priceCase(tx, {
      country: company?.country ?? null,
      upperTeeth: body.upper_teeth,
      lowerTeeth: body.lower_teeth,
    });
    const spend =
      price.credits > 0
        ? await spendCredits(tx, {
            companyId: actor.companyId,
            amount: price.credits,
            reason: 'case_submission',
            caseId: id,
            actor,
          })
        : null;
    const row = await repo.insertCase(tx, {
      id,
      companyId: actor.companyId,
      createdBy: actor.userId,
      name: body.name,
      patient: body.patient,
      patientBirthYear: body.patient_birth_year,
      notes: body.notes,
      status: 'queued',
      upperTeeth: price.teeth.upper,
      lowerTeeth: price.teeth.lower,
      creditsSpent: price.credits,
      chargeBookingId: spend?.bookingId ?? null,
      processingRun: 1,
      engine: deps.engines.defaultId,
    });
    await repo.insertJaws(
      tx,
      uploads.map((u) => ({
        caseId: id,
        jaw: u.jaw,
        uploadId: u.id,
        fileName: u.fileName,
        contentType: u.contentType,
        size: u.size,
        sha256: u.sha256,
        storageKey: u.storageKey,
        status: 'queued',
      })),
    );
    await logCase(tx, id, byActor(actor), {
      kind: 'created',
      toStatus: 'queued',
      code: 'submitted',
      params: { credits: price.credits, teeth: price.teeth.upper.length + price.teeth.lower.length },
      details: { credits: price.credits, upper_teeth: price.teeth.upper, lower_teeth: price.teeth.lower },
    });
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: id,
      action: 'create',
      companyId: actor.companyId,
      after: {
        name: row.name,
        patient: row.patient,
        status: row.status,
        upper_teeth: row.upperTeeth,
        lower_teeth: row.lowerTeeth,
        credits_spent: row.creditsSpent,
        jaws: uploads.map((u) => `${u.jaw}: ${u.fileName}`),
      },
    });
    await repo.notifyCaseChanged(tx, id);
    await enqueueProcessing(deps, tx, row);
    return getCase(deps, actor, id, tx);
  });
}

export async function updateCase(
  deps: Deps,
  actor: Actor,
  id: string,
  body: z.output<typeof updateCaseSchema>,
): Promise<Case> {
  return changeCase(deps, actor, id, async (tx, row) => {
    const values: repo.CaseValues = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.patient !== undefined) values.patient = body.patient;
    if (body.patient_birth_year !== undefined) values.patientBirthYear = body.patient_birth_year;
    if (body.notes !== undefined) values.notes = body.notes;
    const changed = Object.keys(values).filter(
      (k) => (row as Record<string, unknown>)[k] !== (values as Record<string, unknown>)[k],
    );
    if (!changed.length) return;
    await repo.updateCase(tx, id, values);
    await logCase(tx, id, byActor(actor), { kind: 'edit', code: 'edited', params: { fields: changed } });
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: id,
      action: 'update',
      companyId: row.companyId,
      before: Object.fromEntries(changed.map((k) => [k, (row as Record<string, unknown>)[k]])),
      after: Object.fromEntries(changed.map((k) => [k, (values as Record<string, unknown>)[k]])),
    });
  });
}

const isCaseLogCode = (value: unknown): value is CaseLogCode =>
  typeof value === 'string' && (CASE_LOG_CODES as readonly string[]).includes(value);

export async function caseLogs(deps: Deps, actor: Actor, id: string): Promise<{ data: CaseLog[]; total: number }> {
  authorize(actor, casePolicy, await repo.findVisibleCase(deps.db, actor, id));
  const rows = await repo.listLogs(deps.db, id);
  return {
    data: rows.map(({ log, actorName }) => {
      // The code and parameters live in the details (ADR 0123); lines written before them have neither.
      const {
        [LOG_CODE_KEY]: code,
        [LOG_PARAMS_KEY]: params,
        ...details
      } = (log.details as Record<string, unknown> | null) ?? {};
      return {
        id: String(log.id),
        kind: log.kind as CaseLog['kind'],
        from_status: log.fromStatus as CaseStatus | null,
        to_status: log.toStatus as CaseStatus | null,
        message: log.message,
        code: isCaseLogCode(code) ? code : null,
        params:
          isCaseLogCode(code) && params && typeof params === 'object' ? (params as Record<string, unknown>) : null,
        details: Object.keys(details).length ? details : null,
        actor_id: log.actorId,
        actor_name: actorName,
        created_at: log.createdAt.toISOString(),
      };
    }),
    total: rows.length,
  };
}

// --- Status changes ----------------------------------------------------------------------------------

/**
 * One case's move in a bulk call or a single one: the lock check, then the state machine. A customer may
 * only make the moves the machine gives customers; staff need backoffice-case-instance-status for the rest.
 */
async function moveOne(
  tx: DbOrTx,
  actor: Actor,
  row: repo.CaseRow,
  to: CaseStatus,
  note: string | null,
  deps: Deps,
): Promise<void> {
  const changer = byActor(actor);
  assertUnlocked(changer, row, await lockerName(tx, row));
  authorize(actor, statusPolicy(to), row);
  if (to === 'queued') throw new AppError('CASE_NOT_REQUEUEABLE', { params: { status: row.status } });
  const moved = await moveCase(deps, tx, row, to, changer, {
    note,
    ...(to === 'failed' ? { set: { processingError: note ?? 'Stopped by the back office' } } : {}),
  });
  // A processing the back office stops gives its credits back, like one the engine could not finish.
  if (to === 'failed') await refundProcessing(tx, moved, changer);
  await afterReview(tx, moved, to, note, changer);
  await mailStatusReached(deps, tx, moved, to, to === 'failed' ? moved.processingError : note);
}

/** Review results follow the case: approving or rejecting a case approves or rejects its latest result. */
async function afterReview(tx: DbOrTx, row: repo.CaseRow, to: CaseStatus, note: string | null, changer: CaseChanger) {
  if (to !== 'approved' && to !== 'rejected') return;
  const [latest] = (await repo.listResults(tx, row.id, false)).filter((r) => r.status === 'done');
  if (latest) await moveResult(tx, latest, to, changer, row.companyId, note);
}

export async function updateStatus(deps: Deps, actor: Actor, body: z.output<typeof updateStatusSchema>): Promise<Case> {
  return changeCase(deps, actor, body.id, (tx, row) => moveOne(tx, actor, row, body.status, body.note, deps));
}

/**
 * Runs one action on many cases in one transaction (ADR 0038): each case is done or refused with the code
 * and message a single call would answer; cases the actor may not see are refused as not found.
 * Refusals do not roll back the others.
 */
async function bulk(
  deps: Deps,
  actor: Actor,
  ids: string[],
  action: (tx: DbOrTx, row: repo.CaseRow) => Promise<void>,
): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  return deps.db.transaction(async (tx) => {
    const rows = new Map((await repo.lockVisibleCases(tx, actor, unique)).map((r) => [r.id, r]));
    // A call that names no case the actor may see addresses nothing: 404, like a single call.
    if (!rows.size) throw new AppError('NOT_FOUND');
    const results: BulkItemResult[] = [];
    for (const id of unique) {
      const row = rows.get(id);
      if (!row) {
        results.push(refused(id, new AppError('NOT_FOUND')));
        continue;
      }
      try {
        // A savepoint per case: a refusal after a partial write leaves nothing of that case behind.
        await tx.transaction(async (inner) => action(inner, row));
        results.push({ id, ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push(refused(id, err));
      }
    }
    return { results };
  });
}

const refused = (id: string, err: AppError): BulkItemResult => ({
  id,
  ok: false,
  code: err.code,
  message: err.message,
});

export async function updateStatuses(deps: Deps, actor: Actor, body: z.output<typeof updateStatusesSchema>) {
  return bulk(deps, actor, body.ids, (tx, row) => moveOne(tx, actor, row, body.status, body.note, deps));
}

export async function approveCase(deps: Deps, actor: Actor, body: z.output<typeof approveCaseSchema>): Promise<Case> {
  return changeCase(deps, actor, body.id, (tx, row) => approveOne(deps, tx, actor, row, body.approved, body.reason));
}

export async function approveCases(deps: Deps, actor: Actor, body: z.output<typeof approveCasesSchema>) {
  return bulk(deps, actor, body.ids, (tx, row) => approveOne(deps, tx, actor, row, body.approved, body.reason));
}

async function approveOne(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor,
  row: repo.CaseRow,
  approved: boolean,
  reason: string | null,
) {
  if (row.status !== 'in-approval' && row.resultCount === 0) throw new AppError('CASE_NO_RESULTS');
  await moveOne(tx, actor, row, approved ? 'approved' : 'rejected', reason, deps);
}

export async function sendApproveMail(
  deps: Deps,
  actor: Actor,
  id: string,
  body: z.output<typeof sendApproveMailSchema>,
): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const row = authorize(actor, changePolicy, await repo.lockVisibleCase(tx, actor, id));
    if (row.resultCount === 0) throw new AppError('CASE_NO_RESULTS');
    const sent = await mailAboutCase(deps, tx, row, 'case.result-ready', {
      ...(body.mail ? { to: body.mail } : {}),
      always: true,
    });
    if (!sent)
      throw new AppError('VALIDATION_FAILED', {
        message: 'The case has no creator to mail; enter an address',
        errors: { mail: ['The case has no creator to mail; enter an address'] },
      });
    await logCase(tx, id, byActor(actor), {
      kind: 'mail',
      code: 'approval-mail-sent',
      params: { mail: body.mail ?? null },
    });
    return { message: 'The approval mail was sent' };
  });
}

// --- Lock ----------------------------------------------------------------------------------------------

export async function lockCase(deps: Deps, actor: Actor, id: string): Promise<Case> {
  return changeCase(deps, actor, id, async (tx, row) => {
    if (row.lockedBy === actor.userId) return;
    await repo.updateCase(tx, id, { lockedBy: actor.userId, lockedAt: new Date() });
    await logCase(tx, id, byActor(actor), { kind: 'lock', code: 'locked', params: {} });
    await repo.notifyCaseChanged(tx, id);
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: id,
      action: 'update',
      companyId: row.companyId,
      before: { locked_by: row.lockedBy },
      after: { locked_by: actor.userId },
    });
  });
}

export async function unlockCase(deps: Deps, actor: Actor, id: string): Promise<Case> {
  return changeCase(deps, actor, id, async (tx, row) => {
    if (!row.lockedBy) throw new AppError('CASE_NOT_LOCKED');
    await repo.updateCase(tx, id, { lockedBy: null, lockedAt: null });
    await logCase(tx, id, byActor(actor), { kind: 'lock', code: 'unlocked', params: {} });
    await repo.notifyCaseChanged(tx, id);
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: id,
      action: 'update',
      companyId: row.companyId,
      before: { locked_by: row.lockedBy },
      after: { locked_by: null },
    });
  });
}

// --- Jaws ------------------------------------------------------------------------------------------------

export async function deleteJaw(deps: Deps, actor: Actor, body: z.output<typeof jawActionSchema>): Promise<Case> {
  return changeJaw(deps, actor, body, 'deleted', (jaws) => {
    const live = jaws.filter((j) => !j.deletedAt);
    if (!live.some((j) => j.jaw === body.jaw)) throw new AppError('CASE_JAW_MISSING', { params: { jaw: body.jaw } });
    if (live.length === 1) throw new AppError('CASE_LAST_JAW');
  });
}

export async function restoreJaw(deps: Deps, actor: Actor, body: z.output<typeof jawActionSchema>): Promise<Case> {
  return changeJaw(deps, actor, body, 'present', (jaws) => {
    const jaw = jaws.find((j) => j.jaw === body.jaw);
    if (!jaw) throw new AppError('CASE_JAW_MISSING', { params: { jaw: body.jaw } });
    if (!jaw.deletedAt) throw new AppError('CASE_JAW_NOT_DELETED', { params: { jaw: body.jaw } });
  });
}

/**
 * POST /jaw-orientation (ADR 0117): the user's correction of a jaw scan's detected anatomical frame, one of the
 * 24 quarter-turn rotations; whoever may edit the case may set it, also while it is processed (it changes only
 * how the scan is shown). Logged and audited.
 */
export async function setJawOrientation(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof jawOrientationSchema>,
): Promise<Case> {
  return changeCase(deps, actor, body.id, async (tx, row) => {
    const jaw = (await repo.listJaws(tx, [row.id])).find((j) => j.jaw === body.jaw && !j.deletedAt);
    if (!jaw) throw new AppError('CASE_JAW_MISSING', { params: { jaw: body.jaw } });
    if (jaw.orientation === body.orientation) return;
    await repo.updateJaw(tx, row.id, body.jaw, { orientation: body.orientation });
    await logCase(tx, row.id, byActor(actor), {
      kind: 'jaw',
      code: 'jaw-turned',
      params: { jaw: body.jaw, orientation: body.orientation },
    });
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: row.id,
      action: 'update',
      companyId: row.companyId,
      before: { [`${body.jaw}_orientation`]: jaw.orientation },
      after: { [`${body.jaw}_orientation`]: body.orientation },
    });
    await repo.notifyCaseChanged(tx, row.id);
  });
}

/** Deletes or restores one jaw's scan (never while processing), after `check`; logged, audited and notified. */
async function changeJaw(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof jawActionSchema>,
  to: 'deleted' | 'present',
  check: (jaws: repo.JawRow[]) => void,
): Promise<Case> {
  return changeCase(deps, actor, body.id, async (tx, row) => {
    assertNotProcessing(row);
    check(await repo.listJaws(tx, [row.id]));
    await repo.updateJaw(tx, row.id, body.jaw, { deletedAt: to === 'deleted' ? new Date() : null });
    await logCase(tx, row.id, byActor(actor), {
      kind: 'jaw',
      code: to === 'deleted' ? 'jaw-deleted' : 'jaw-restored',
      params: { jaw: body.jaw },
    });
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: row.id,
      action: 'update',
      companyId: row.companyId,
      before: { [`${body.jaw}_jaw`]: to === 'deleted' ? 'present' : 'deleted' },
      after: { [`${body.jaw}_jaw`]: to },
    });
    await repo.notifyCaseChanged(tx, row.id);
  });
}

function assertNotProcessing(row: repo.CaseRow) {
  if (row.status === 'queued' || row.status === 'in-progress') throw new AppError('CASE_PROCESSING');
}

// --- Recalculation -----------------------------------------------------------------------------------------

/**
 * POST /requeue-case: processes the case again. A reviewed case costs its price times the recalculation
 * factor; a failed or unsupported one (its credits were refunded) costs the full price. New teeth may be
 * chosen; the live jaws are queued again. Credits are spent in the transaction that queues the job.
 */
export async function requeueCase(deps: Deps, actor: Actor, body: z.output<typeof requeueCaseSchema>): Promise<Case> {
  return changeCase(deps, actor, body.id, async (tx, row) => {
    const pricing = requeuePricing(row.status as CaseStatus);
    if (!pricing) throw new AppError('CASE_NOT_REQUEUEABLE', { params: { status: row.status } });
    const upperTeeth = body.upper_teeth ?? row.upperTeeth;
    const lowerTeeth = body.lower_teeth ?? row.lowerTeeth;
    const jaws = (await repo.listJaws(tx, [row.id])).filter((j) => !j.deletedAt);
    assertTeethHaveScans(upperTeeth, lowerTeeth, jaws);
    const company = await findVisibleCompanyCountry(tx, actor, row.companyId);
    const price = await priceCase(tx, {
      country: company?.country ?? null,
      upperTeeth,
      lowerTeeth,
      recalculation: pricing === 'recalculation',
    });
    const spend =
      price.credits > 0
        ? await spendCredits(tx, {
            companyId: row.companyId,
            amount: price.credits,
            reason: pricing === 'recalculation' ? 'recalculation' : 'case_submission',
            caseId: row.id,
            actor,
          })
        : null;
    await repo.queueJaws(tx, row.id);
    const moved = await moveCase(deps, tx, row, 'queued', byActor(actor), {
      log: {
        code: 'requeued',
        params: { pricing: pricing === 'recalculation' ? 'recalculation' : 'full', credits: price.credits },
      },
      details: { credits: price.credits, upper_teeth: upperTeeth, lower_teeth: lowerTeeth },
      set: {
        upperTeeth: price.teeth.upper,
        lowerTeeth: price.teeth.lower,
        creditsSpent: row.creditsSpent + price.credits,
        chargeBookingId: spend?.bookingId ?? null,
        processingRun: row.processingRun + 1,
        processingAttempts: 0,
        processingError: null,
        processingStartedAt: null,
      },
    });
    await enqueueProcessing(deps, tx, moved);
  });
}

export function assertTeethHaveScans(
  upperTeeth: readonly number[],
  lowerTeeth: readonly number[],
  jaws: { jaw: string }[],
) {
  const has = (jaw: Jaw) => jaws.some((j) => j.jaw === jaw);
  if (upperTeeth.length && !has('upper'))
    throw new AppError('CASE_JAW_MISSING', {
      params: { jaw: 'upper' },
      errors: { upper_teeth: ['Upload the upper jaw scan for the upper teeth you chose'] },
    });
  if (lowerTeeth.length && !has('lower'))
    throw new AppError('CASE_JAW_MISSING', {
      params: { jaw: 'lower' },
      errors: { lower_teeth: ['Upload the lower jaw scan for the lower teeth you chose'] },
    });
}

// --- Trash and permanent delete ------------------------------------------------------------------------------

/** POST /delete-cases: removes trashed cases for good, with their files in storage. */
export async function deleteCases(deps: Deps, actor: Actor, ids: string[]): Promise<BulkResult> {
  const keys: string[] = [];
  const result = await bulk(deps, actor, ids, async (tx, row) => {
    assertUnlocked(byActor(actor), row, await lockerName(tx, row));
    if (row.status !== 'trash') throw new AppError('CASE_NOT_IN_TRASH');
    keys.push(...(await repo.storageKeysOf(tx, [row.id])));
    await removeCase(tx, actor, row);
  });
  await removeObjects(deps, keys);
  return result;
}

async function removeCase(tx: DbOrTx, actor: Actor, row: repo.CaseRow) {
  await repo.deleteCasesById(tx, [row.id]);
  await recordAudit(tx, actor, {
    entity: 'case',
    entityId: row.id,
    action: 'delete',
    companyId: row.companyId,
    before: { name: row.name, patient: row.patient, status: row.status },
  });
}

/** Storage objects of removed cases go after the transaction committed (a rollback keeps them). */
async function removeObjects(deps: Deps, keys: string[]) {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.logger.warn({ err, key }, 'a file of a deleted case could not be removed from storage');
    }
  }
}

/**
 * POST /empty-trash (ADR 0116): the trashed cases of a company, or without one of every company the actor may see,
 * removed for good in one transaction, with their files after it; the answer counts them per company. Cases another
 * user holds locked stay in the trash and are counted as such. A dry run answers the same and deletes nothing.
 */
export async function emptyTrash(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof emptyTrashSchema>,
): Promise<EmptyTrashResult> {
  if (input.dry_run) return trashPerCompany(actor, await findTrash(deps.db, actor, input.company_id, false));
  const keys: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const rows = await findTrash(tx, actor, input.company_id, true);
    const removable = rows.filter((row) => passesLock(actor, row));
    keys.push(
      ...(await repo.storageKeysOf(
        tx,
        removable.map((r) => r.id),
      )),
    );
    for (const row of removable) await removeCase(tx, actor, row);
    return trashPerCompany(actor, rows);
  });
  await removeObjects(deps, keys);
  return result;
}

/** The trash empty trash works on; a company named but out of the actor's reach (or deleted) is not found. */
async function findTrash(db: DbOrTx, actor: Actor, companyId: string | undefined, lock: boolean) {
  if (companyId && !(await findVisibleCompanyCountry(db, actor, companyId))) throw new AppError('NOT_FOUND');
  return repo.listTrashedCases(db, actor, companyId, { lock });
}

/** Per company whose trash held any case: how many go (or went), and how many stay locked; by company name. */
function trashPerCompany(actor: Actor, rows: repo.TrashedCase[]): EmptyTrashResult {
  const byCompany = new Map<string, EmptyTrashResult['companies'][number]>();
  for (const row of rows) {
    const entry = byCompany.get(row.companyId) ?? {
      company_id: row.companyId,
      company_name: row.companyName,
      deleted: 0,
      locked: 0,
    };
    if (passesLock(actor, row)) entry.deleted += 1;
    else entry.locked += 1;
    byCompany.set(row.companyId, entry);
  }
  const companies = [...byCompany.values()].sort(
    (a, b) => a.company_name.localeCompare(b.company_name) || a.company_id.localeCompare(b.company_id),
  );
  return { deleted: companies.reduce((sum, entry) => sum + entry.deleted, 0), companies };
}

// --- Teeth files -----------------------------------------------------------------------------------------------

export function parseTeethFile(content: Buffer): ParsedTeeth {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content);
  const parsed = parseTeethText(text);
  if (!parsed.ok)
    throw new AppError('TEETH_FILE_INVALID', {
      params: { reason: parsed.message },
      errors: { file: [parsed.message] },
    });
  return parsed.teeth;
}
