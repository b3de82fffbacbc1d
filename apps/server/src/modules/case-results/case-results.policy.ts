import { CASE_PERMISSIONS, type ResultStatus } from '@cuspid/contracts/cases';
import { type Actor, actorCan } from '../../lib/actor';
import type { Policy } from '../../lib/authorize';
import { type CaseRow, isEngineKey, type ResultRow } from '../cases';

// Which results an actor sees is the repository's query: those of the cases it sees (caseScope), hidden
// results only for staff, so another company's result is simply not found; reading them is the cases
// module's casePolicy. Beyond that:

/**
 * The engine's scope (ADR 0101): an API key holding backoffice-case-engine may report on and save results
 * for a case the engine is processing, whatever its company; only then. Its owner must be back-office staff:
 * a customer's key with the scope is refused (a customer cannot be an engine for other companies' cases).
 */
export const enginePolicy: Policy<CaseRow> = {
  allow: (actor) => actor.isStaff && actor.permissions.includes(CASE_PERMISSIONS.engine),
};

/**
 * Whether the calling engine account holds the case's current run (ADR 0113): the run was handed to the
 * external engine, and no other engine account called for it first. An engine key is staff and reaches every
 * company's cases; this is what confines it to its own work.
 */
export const holdsEngineRun = (actor: Actor, row: Pick<CaseRow, 'engine' | 'engineUserId'>) =>
  row.engine === 'external' && (row.engineUserId === null || row.engineUserId === actor.userId);

/** Whether a result is one of the case's current run that the external engine saved. */
export const isOfCurrentRun = (
  row: Pick<CaseRow, 'processingRun'>,
  result: Pick<ResultRow, 'engine' | 'processingRun'>,
) => result.engine === 'external' && result.processingRun === row.processingRun;

/** Results the customer reviewed, or the back office hid: the engine no longer changes them (ADR 0113). */
const REVIEWED: readonly ResultStatus[] = ['approved', 'rejected', 'hidden'];
export const isReviewed = (result: Pick<ResultRow, 'status'>) => REVIEWED.includes(result.status as ResultStatus);

/**
 * A caller of /update-result-status acting as the engine: an engine key, or a caller whose only reason to pass
 * the route is the engine's permission (not the back office's status permission). Its moves stay inside a
 * run it holds (ADR 0113); the back office moves any result the state machine allows.
 */
export const actsAsEngine = (actor: Actor) => isEngineKey(actor) || !actorCan(actor, CASE_PERMISSIONS.status);
