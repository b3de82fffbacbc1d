import {
  statusAfterComment,
  TICKET_MESSAGES,
  type TicketComment,
  type TicketCommentCreate,
  type TicketCommentUpdate,
  type TicketStatus,
} from '@cuspid/contracts/tickets';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize, permits } from '../../lib/authorize';
import { notFound } from '../../lib/errors';
import { type Download, openStored } from '../cases';
import { discardTicketFiles, type StoredTicketFile } from './tickets.files';
import { mailPublicAnswer } from './tickets.mails';
import {
  deleteCommentPolicy,
  editCommentPolicy,
  internalNotePolicy,
  internalPolicy,
  removeAttachmentPolicy,
} from './tickets.policy';
import * as repo from './tickets.repository';
import { attachmentRows, type EventInput, eventRows, lockTicket, toAttachment } from './tickets.service';

/**
 * GET /ticket/comments?ticket_id=: a ticket's conversation, oldest first, each comment with its files. A customer
 * gets the public answers only (the repository's query leaves the internal notes out, the policy checks again).
 */
export async function listComments(deps: Deps, actor: Actor, ticketId: string): Promise<{ data: TicketComment[] }> {
  if (!(await repo.findVisibleTicket(deps.db, actor, ticketId))) throw notFound();
  const comments = (await repo.listComments(deps.db, actor, ticketId)).filter((c) => permits(actor, internalPolicy, c));
  const files = (await repo.listAttachments(deps.db, actor, ticketId)).filter((a) => permits(actor, internalPolicy, a));
  return {
    data: comments.map((c) =>
      toComment(
        c,
        files.filter((f) => f.attachment.commentId === c.id).map((f) => f.attachment),
      ),
    ),
  };
}

function toComment(
  c: repo.TicketCommentRow & { authorName: string | null },
  files: readonly repo.TicketAttachmentRow[],
): TicketComment {
  return {
    id: c.id,
    ticket_id: c.ticketId,
    body: c.body,
    is_internal: c.isInternal,
    by_staff: c.byStaff,
    author_id: c.authorId,
    author_name: c.authorName,
    attachments: files.map(toAttachment),
    created_at: c.createdAt.toISOString(),
    edited_at: c.editedAt ? c.editedAt.toISOString() : null,
  };
}

/**
 * GET /ticket/comments/{id}: one comment with its files. Another company's comment, and an internal note asked for
 * by a customer, are not found (the repository's query leaves them out, the policy checks again).
 */
export async function getComment(deps: Deps, actor: Actor, id: string, db: DbOrTx = deps.db): Promise<TicketComment> {
  const row = authorize(actor, internalPolicy, await repo.findVisibleComment(db, actor, id));
  return toComment(row, await repo.listCommentAttachments(db, row.id));
}

/**
 * A comment the actor may change, under its ticket's lock: found (404 as for reading it), then read again once the
 * ticket is locked, so that the rule sees the ticket's status as it stays until the commit.
 */
async function lockComment(tx: DbOrTx, actor: Actor, id: string, policy: typeof editCommentPolicy) {
  const found = authorize(actor, internalPolicy, await repo.findVisibleComment(tx, actor, id));
  await lockTicket(tx, actor, found.ticketId);
  return authorize(actor, policy, await repo.findVisibleComment(tx, actor, id));
}

/**
 * PUT /ticket/comments/{id}: its author changes the text (ADR 0112). The comment shows `edited_at`; the history
 * says so (internally for an internal note); nobody is mailed. The same text again changes nothing.
 */
export async function updateComment(
  deps: Deps,
  actor: Actor,
  id: string,
  change: TicketCommentUpdate,
  now = new Date(),
): Promise<TicketComment> {
  return deps.db.transaction(async (tx) => {
    const row = await lockComment(tx, actor, id, editCommentPolicy);
    if (change.body !== row.body) {
      if (!(await repo.updateComment(tx, actor, row.id, { body: change.body, editedAt: now }))) throw notFound();
      await repo.insertEvents(
        tx,
        eventRows(row.ticketId, actor, [{ kind: 'comment-edited', isInternal: row.isInternal }]),
      );
      await repo.updateTicket(tx, actor, row.ticketId, {});
    }
    return getComment(deps, actor, id, tx);
  });
}

/**
 * DELETE /ticket/comments/{id}: the support team deletes any comment, a customer its own (ADR 0112); its files go
 * with it, from storage once the deletion is committed (as remove-attachment). No mail.
 */
export async function deleteComment(deps: Deps, actor: Actor, id: string): Promise<{ message: string }> {
  const keys = await deps.db.transaction(async (tx) => {
    const row = await lockComment(tx, actor, id, deleteCommentPolicy);
    const files = await repo.listCommentAttachments(tx, row.id);
    if (!(await repo.deleteComment(tx, actor, row.id))) throw notFound();
    await repo.insertEvents(
      tx,
      eventRows(row.ticketId, actor, [{ kind: 'comment-deleted', isInternal: row.isInternal }]),
    );
    await repo.updateTicket(tx, actor, row.ticketId, {});
    return files.map((f) => f.storageKey);
  });
  await discardTicketFiles(
    deps,
    keys.map((key) => ({ key })),
  );
  return { message: TICKET_MESSAGES.commentDeleted };
}

/**
 * POST /ticket/comments: a public answer or (the back office only) an internal note, with its files. A public
 * comment may move the ticket by itself (`statusAfterComment`: a customer's reply reopens a ticket waiting for it)
 * and mails the other side; an internal note moves nothing and mails nobody.
 */
export async function createComment(
  deps: Deps,
  actor: Actor,
  fields: TicketCommentCreate,
  files: StoredTicketFile[],
): Promise<TicketComment> {
  try {
    const commentId = await deps.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, actor, fields.ticket_id);
      if (fields.is_internal) authorize(actor, internalNotePolicy, ticket);
      const byStaff = actor.isStaff;
      const comment = await repo.insertComment(tx, {
        ticketId: ticket.id,
        authorId: actor.userId,
        byStaff,
        isInternal: fields.is_internal,
        body: fields.body,
      });
      await repo.insertAttachments(tx, attachmentRows(ticket.id, comment.id, actor, files));
      const events: EventInput[] = [{ kind: fields.is_internal ? 'note' : 'answer', isInternal: fields.is_internal }];
      const moveTo = statusAfterComment(ticket.status as TicketStatus, { byStaff, isInternal: fields.is_internal });
      const after = moveTo
        ? await repo.updateTicket(tx, actor, ticket.id, { status: moveTo, resolvedAt: null })
        : await repo.updateTicket(tx, actor, ticket.id, {});
      if (!after) throw notFound();
      if (moveTo) events.push({ kind: 'status', from: ticket.status, to: moveTo });
      await repo.insertEvents(tx, eventRows(ticket.id, actor, events));
      if (!fields.is_internal) {
        await mailPublicAnswer(deps, tx, after, { body: fields.body, byStaff, authorId: actor.userId });
      }
      return comment.id;
    });
    const { data } = await listComments(deps, actor, fields.ticket_id);
    return data.find((c) => c.id === commentId)!;
  } catch (err) {
    await discardTicketFiles(deps, files);
    throw err;
  }
}

/**
 * GET /ticket/comments/download-attachment/{id}: a file of a ticket the actor sees; a customer asking for an
 * internal note's file gets 404, as for a file that does not exist.
 */
export async function openAttachment(deps: Deps, actor: Actor, id: string): Promise<Download> {
  const row = authorize(actor, internalPolicy, await repo.findVisibleAttachment(deps.db, actor, id));
  const object = await openStored(deps, row.storageKey);
  return { fileName: row.fileName, contentType: row.contentType, size: object.size, body: object.body };
}

/** remove-attachment/{id}: the back office removes any file, a customer the files it uploaded itself. */
export async function removeAttachment(deps: Deps, actor: Actor, id: string): Promise<{ message: string }> {
  const key = await deps.db.transaction(async (tx) => {
    const row = authorize(actor, removeAttachmentPolicy, await repo.findVisibleAttachment(tx, actor, id));
    // Changes of one ticket wait for each other; a second removal of the same file then finds nothing.
    await lockTicket(tx, actor, row.ticketId);
    if (!(await repo.deleteAttachment(tx, actor, row.id))) throw notFound();
    await repo.insertEvents(
      tx,
      eventRows(row.ticketId, actor, [{ kind: 'attachment-removed', from: row.fileName, isInternal: row.isInternal }]),
    );
    await repo.updateTicket(tx, actor, row.ticketId, {});
    return row.storageKey;
  });
  await discardTicketFiles(deps, [{ key }]);
  return { message: TICKET_MESSAGES.attachmentRemoved };
}
