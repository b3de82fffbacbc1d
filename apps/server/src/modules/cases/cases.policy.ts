import { CASE_PERMISSIONS, type CaseStatus, lockLetsThrough } from '@cuspid/contracts/cases';
import { type Actor, actorCan, isAdmin } from '../../lib/actor';
import type { Policy } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import type { CaseRow } from './cases.repository';

// Which cases an actor sees is the repository's query (caseScope: the actor's companies; hidden cases only for
// staff), so another company's case is simply not found. The route names the permission of each action
// (CASE_PERMISSIONS). These are the rules beyond that.

/** Reading a case the query found. */
export const casePolicy: Policy<{ id: string }> = { allow: () => true };

/** Changing a case the query found (the lock is checked next, by the state machine's assertUnlocked). */
export const changePolicy: Policy<CaseRow> = { allow: () => true };

/**
 * The permission a status change needs beyond the route's (backoffice-case-instance): review statuses
 * need the approve permission, the trash the delete permission; every other status set by hand (flagged,
 * hidden, failed, in-approval, …) is back-office work with backoffice-case-instance-status. The state
 * machine then decides whether the move exists and whether the actor's side (customer or staff) may make it.
 */
export function statusPermission(to: CaseStatus, row: Pick<CaseRow, 'status'>) {
  if (to === 'approved' || to === 'rejected') return CASE_PERMISSIONS.approve;
  if (to === 'trash' || row.status === 'trash') return CASE_PERMISSIONS.delete;
  if (to === 'finished') return CASE_PERMISSIONS.read;
  return CASE_PERMISSIONS.status;
}

export function statusPolicy(to: CaseStatus): Policy<CaseRow> {
  return {
    allow: (actor: Actor, row) => actorCan(actor, statusPermission(to, row)),
    refuse: (_actor, row) =>
      statusPermission(to, row) === CASE_PERMISSIONS.status
        ? new AppError('CASE_STATUS_STAFF_ONLY')
        : new AppError('FORBIDDEN'),
  };
}

/** An API key holding the engine scope: the state machine's `engine` mover. */
export const isEngineKey = (actor: Actor) =>
  actor.kind === 'api-key' && actor.permissions.includes(CASE_PERMISSIONS.engine);

/**
 * The lock (ADR 0102, `lockLetsThrough` in the contracts): a locked case may be changed only by the user who
 * locked it, administrators and the engine (a processing that was paid for finishes). The system is never stopped
 * by a lock.
 */
export const passesLock = (actor: Actor, row: Pick<CaseRow, 'lockedBy'>) =>
  lockLetsThrough(row.lockedBy, { userId: actor.userId, admin: isAdmin(actor), engine: isEngineKey(actor) });
