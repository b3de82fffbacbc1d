import { ADMIN_ROLE } from '@cuspid/contracts';
import type { Actor } from '../../lib/actor';
import type { Policy } from '../../lib/authorize';
import { AppError } from '../../lib/errors';

// Who may do what with customer notes and activities (ADR 0053). Whoever sees one may read it (who sees
// which is the SQL condition in crm.repository: the customer's and the author's company in scope); only
// its author, an administrator or back-office staff may change or delete it; the assignee of an activity
// may also mark it done or open it again.

type Authored = { authorId: string | null };
type Assigned = Authored & { assigneeId: string | null };

/** May change and delete notes and activities written by others. */
export const managesAll = (actor: Actor) => actor.isStaff || actor.roles.includes(ADMIN_ROLE);

export const mayEdit = (actor: Actor, row: Authored) => managesAll(actor) || row.authorId === actor.userId;

export const mayComplete = (actor: Actor, row: Assigned) => mayEdit(actor, row) || row.assigneeId === actor.userId;

/**
 * Whose records a write may touch, as the repository puts it into the statement: anyone's (undefined) for
 * those who manage all, else the actor's own (and, for marking done, those assigned to the actor).
 */
export function writableBy(actor: Actor, options: { orAssigned?: boolean } = {}) {
  if (managesAll(actor)) return undefined;
  return { authorId: actor.userId, ...(options.orAssigned ? { assigneeId: actor.userId } : {}) };
}
export type Writable = ReturnType<typeof writableBy>;

export const changeNotePolicy: Policy<Authored> = {
  allow: mayEdit,
  refuse: () => new AppError('NOTE_AUTHOR_ONLY', { params: { context: 'change' } }),
};

export const deleteNotePolicy: Policy<Authored> = {
  allow: mayEdit,
  refuse: () => new AppError('NOTE_AUTHOR_ONLY', { params: { context: 'delete' } }),
};

/** A change that only marks the activity done or open again is open to its assignee too. */
export const changeActivityPolicy = (onlyCompletes: boolean): Policy<Assigned> => ({
  allow: (actor, row) => mayEdit(actor, row) || (onlyCompletes && mayComplete(actor, row)),
  refuse: () => new AppError('ACTIVITY_AUTHOR_ONLY', { params: { context: 'change' } }),
});

export const deleteActivityPolicy: Policy<Authored> = {
  allow: mayEdit,
  refuse: () => new AppError('ACTIVITY_AUTHOR_ONLY', { params: { context: 'delete' } }),
};
