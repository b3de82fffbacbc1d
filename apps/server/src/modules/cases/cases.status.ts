// A case's status changes: moves through the state machine, one or many, the review (approve or reject), the
// approval mail, and processing it again (recalculation).
import type {
  approveCaseSchema,
  approveCasesSchema,
  requeueCaseSchema,
  sendApproveMailSchema,
  updateStatusesSchema,
  updateStatusSchema,
} from '@cuspid/contracts/cases';
import { type Case, type CaseStatus, requeuePricing } from '@cuspid/contracts/cases';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import { findVisibleCompanyCountry } from '../companies';
import { priceCase } from '../country-credits';
import { spendCredits } from '../credits';
import { assertCaseUnlocked, bulk, changeCase } from './cases.change';
import { assertTeethHaveScans } from './cases.edit';
import { byActor, type CaseChanger, logCase, moveCase, moveResult } from './cases.machine';
import { mailAboutCase, mailStatusReached } from './cases.mails';
import { changePolicy, statusPolicy } from './cases.policy';
import { enqueueProcessing } from './cases.processing';
import { refundProcessing } from './cases.refund';
import * as repo from './cases.repository';

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
  await assertCaseUnlocked(tx, actor, row);
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
