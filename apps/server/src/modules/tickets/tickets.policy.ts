import type { Actor } from '../../lib/actor';
import type { Policy } from '../../lib/authorize';
import { AppError } from '../../lib/errors';

// Who may open the ticket calls at all is the routes' permission (backoffice-ticket); whose tickets a caller sees
// is the company scope, in the repository's queries (another company's ticket is not found). These are the rules
// on a ticket the caller sees (ADR 0112).

/**
 * Internal notes are the back office's. The repository leaves them out of every customer's query; this is the
 * second check, on each row a service is about to hand out (a comment, a file, a history entry).
 */
export const mayReadInternal = (actor: Actor): boolean => actor.isStaff;

/** Anything that may belong to an internal note: unseen (404) by a customer. */
export const internalPolicy: Policy<{ isInternal: boolean }> = {
  see: (actor, row) => !row.isInternal || mayReadInternal(actor),
  allow: () => true,
};

/** Writing an internal note, assigning a ticket and deleting one are the back office's (403 for a customer). */
export const internalNotePolicy: Policy<unknown> = {
  allow: (actor) => actor.isStaff,
  refuse: () => new AppError('TICKET_INTERNAL_STAFF_ONLY'),
};

export const assignPolicy: Policy<unknown> = {
  allow: (actor) => actor.isStaff,
  refuse: () => new AppError('TICKET_ASSIGN_STAFF_ONLY'),
};

export const deleteTicketPolicy: Policy<unknown> = { allow: (actor) => actor.isStaff };

/** A file is removed by the back office, or by whoever uploaded it (a customer its own files only). */
export const removeAttachmentPolicy: Policy<{ isInternal: boolean; uploadedBy: string | null }> = {
  see: internalPolicy.see!,
  allow: (actor, row) => actor.isStaff || row.uploadedBy === actor.userId,
  refuse: () => new AppError('TICKET_ATTACHMENT_NOT_YOURS'),
};
