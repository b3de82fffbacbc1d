import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import { type CaseRow, claimEngineRun, type ResultRow, runOfJobId } from '../cases';
import { enginePolicy, holdsEngineRun, isOfCurrentRun, isReviewed } from './case-results.policy';

/**
 * Which case and result an engine call reaches (ADR 0101, 0113): only those of a run the calling engine
 * account holds, and only while that run is in progress. A case or result it does not hold is not found,
 * exactly like one that does not exist; a run that ended or a reviewed result is a conflict (409).
 */

export const notInEngine = (row: Pick<CaseRow, 'status'>) =>
  new AppError('CASE_NOT_IN_ENGINE', { params: { status: row.status } });

/**
 * The case of an engine call: visible to the caller (engine keys are staff and see every company's cases;
 * anyone else's key sees only its companies' cases, another company's case is not found), the caller an
 * engine (enginePolicy), the run the engine's to hold (else not found), the case in progress, and in the
 * run `jobId` names.
 */
function assertEngineCase(actor: Actor, row: CaseRow | undefined, jobId?: string | null): CaseRow {
  const found = authorize(actor, enginePolicy, row);
  if (!holdsEngineRun(actor, found)) throw new AppError('NOT_FOUND');
  if (found.status !== 'in-progress') throw notInEngine(found);
  if (jobId) {
    const job = runOfJobId(jobId);
    if (!job || job.caseId !== found.id || job.run !== found.processingRun) throw notInEngine(found);
  }
  return found;
}

/**
 * The case's run, held by the calling engine account from now on if nobody holds it yet: the first engine
 * account to call for a run is the one the job reached. Losing the claim means another account called first
 * (or a new run began in between): not found, as for any run the caller does not hold.
 */
export async function holdRun(db: DbOrTx, actor: Actor, row: CaseRow): Promise<CaseRow> {
  if (row.engineUserId === actor.userId) return row;
  const claimed = await claimEngineRun(db, row.id, row.processingRun, actor.userId);
  if (!claimed) throw new AppError('NOT_FOUND');
  return claimed;
}

/** The case of an engine call (assertEngineCase), its run held by the caller. */
export async function heldCase(db: DbOrTx, actor: Actor, row: CaseRow | undefined, jobId?: string | null) {
  return holdRun(db, actor, assertEngineCase(actor, row, jobId));
}

export type FoundResult = { result: ResultRow; case: CaseRow };

/**
 * The result of an engine call (/save-files, /update-result-status): one the external engine saved in the
 * current run of a case whose run the caller holds (any other is not found, like a result that does not
 * exist), not reviewed (409), while the run is in progress (409). The run is held by the caller from then on.
 */
export async function heldResult(db: DbOrTx, actor: Actor, found: FoundResult | undefined): Promise<FoundResult> {
  if (!found) throw new AppError('CASE_RESULT_NOT_FOUND');
  const row = authorize(actor, enginePolicy, found.case);
  if (!holdsEngineRun(actor, row) || !isOfCurrentRun(row, found.result)) throw new AppError('CASE_RESULT_NOT_FOUND');
  if (isReviewed(found.result)) throw new AppError('CASE_RESULT_REVIEWED');
  if (row.status !== 'in-progress') throw notInEngine(row);
  return { result: found.result, case: await holdRun(db, actor, row) };
}
