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

// Changing the conversation (ADR 0112, "Changing the conversation"): the same rules as the web's buttons
// (`mayEditTicketComment`, `mayDeleteTicketComment` in the contracts), with their refusals.

type CommentOnTicket = { isInternal: boolean; authorId: string | null; ticketStatus: string };

const isAuthor = (actor: Actor, row: { authorId: string | null }) =>
  row.authorId !== null && row.authorId === actor.userId;

/** Only its author edits a comment (403 for anyone else, the support team included); a customer not on a resolved ticket. */
export const editCommentPolicy: Policy<CommentOnTicket> = {
  see: internalPolicy.see!,
  allow: (actor, row) => isAuthor(actor, row) && (actor.isStaff || row.ticketStatus !== 'resolved'),
  refuse: (actor, row) => new AppError(isAuthor(actor, row) ? 'TICKET_COMMENT_RESOLVED' : 'TICKET_COMMENT_NOT_AUTHOR'),
};

/** The support team deletes any comment; a customer its own (403 otherwise), and not on a resolved ticket (409). */
export const deleteCommentPolicy: Policy<CommentOnTicket> = {
  see: internalPolicy.see!,
  allow: (actor, row) => actor.isStaff || (isAuthor(actor, row) && row.ticketStatus !== 'resolved'),
  refuse: (actor, row) => new AppError(isAuthor(actor, row) ? 'TICKET_COMMENT_RESOLVED' : 'TICKET_COMMENT_NOT_YOURS'),
};
