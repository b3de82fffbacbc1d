import type { BulkItemResult, BulkResult } from '@cuspid/contracts';
import {
  checkTicketTransition,
  TICKET_MESSAGES,
  type Ticket,
  type TicketAssignee,
  type TicketAttachment,
  type TicketBulkEdit,
  type TicketCreate,
  type TicketEventKind,
  type TicketListItem,
  type TicketListQuery,
  type TicketPriority,
  type TicketStatus,
  type TicketUpdate,
} from '@cuspid/contracts/tickets';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize, permits } from '../../lib/authorize';
import { AppError, notFound } from '../../lib/errors';
import { findVisibleCompanyRow } from '../companies';
import { discardTicketFiles, type StoredTicketFile } from './tickets.files';
import { mailAssigned, mailStatusChanged, mailTicketCreated } from './tickets.mails';
import { assignPolicy, deleteTicketPolicy, internalPolicy } from './tickets.policy';
import * as repo from './tickets.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toListItem(row: repo.TicketView): TicketListItem {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    priority: row.priority as TicketPriority,
    status: row.status as TicketStatus,
    company_id: row.companyId,
    company_name: row.companyName,
    case_id: row.caseId,
    case_name: row.caseName,
    reporter_id: row.reporterId,
    reporter_name: row.reporterName,
    assignee_id: row.assigneeId,
    assignee_name: row.assigneeName,
    resolved_at: iso(row.resolvedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toAttachment(row: repo.TicketAttachmentRow): TicketAttachment {
  return {
    id: row.id,
    ticket_id: row.ticketId,
    comment_id: row.commentId,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    uploaded_by: row.uploadedBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** The rows of a message's files, once the message (ticket or comment) exists. */
export const attachmentRows = (
  ticketId: string,
  commentId: string | null,
  actor: Actor,
  files: readonly StoredTicketFile[],
) =>
  files.map((f) => ({
    ticketId,
    commentId,
    fileName: f.fileName,
    contentType: f.contentType,
    size: f.size,
    storageKey: f.key,
    uploadedBy: actor.userId,
  }));

export async function listTickets(deps: Deps, actor: Actor, query: TicketListQuery) {
  const { data, total } = await repo.listTickets(deps.db, actor, query);
  return { data: data.map(toListItem), total };
}

/** One ticket as the actor sees it: its opening message's files and its history, internal entries for staff only. */
export async function getTicket(deps: Deps, actor: Actor, id: string, db: DbOrTx = deps.db): Promise<Ticket> {
  const row = await repo.findVisibleTicket(db, actor, id);
  if (!row) throw notFound();
  const attachments = (await repo.listAttachments(db, actor, id))
    .filter((a) => a.attachment.commentId === null && permits(actor, internalPolicy, a))
    .map((a) => toAttachment(a.attachment));
  const history = (await repo.listEvents(db, actor, id)).filter((e) => permits(actor, internalPolicy, e));
  return {
    ...toListItem(row),
    description: row.description,
    attachments,
    history: history.map((e) => ({
      id: e.id,
      kind: e.kind as TicketEventKind,
      from: e.fromValue,
      to: e.toValue,
      actor_name: e.actorName,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

/** The back office's users a ticket can be assigned to (the assignment's choice and the list's filter). */
export async function listAssignees(deps: Deps, actor: Actor): Promise<{ data: TicketAssignee[] }> {
  authorize(actor, assignPolicy, {});
  return { data: await repo.listOperatorUsers(deps.db) };
}

export type EventInput = { kind: TicketEventKind; from?: string | null; to?: string | null; isInternal?: boolean };

export const eventRows = (ticketId: string, actor: Actor, events: readonly EventInput[]) =>
  events.map((e) => ({
    ticketId,
    actorId: actor.userId,
    kind: e.kind,
    fromValue: e.from ?? null,
    toValue: e.to ?? null,
    isInternal: e.isInternal ?? false,
  }));

/** A case the ticket may name: one of the ticket's company's own cases (400 otherwise, whoever asks). */
async function caseFor(tx: DbOrTx, companyId: string, caseId: string) {
  const found = await repo.findCompanyCase(tx, companyId, caseId);
  if (!found)
    throw new AppError('TICKET_CASE_NOT_FOUND', {
      errors: { case_id: [new AppError('TICKET_CASE_NOT_FOUND').message] },
    });
  return found;
}

/** A back-office user the ticket may be assigned to (400 for anyone else). */
async function assigneeFor(tx: DbOrTx, userId: string) {
  const [found] = await repo.listOperatorUsers(tx, userId);
  if (!found) {
    throw new AppError('TICKET_ASSIGNEE_NOT_STAFF', {
      errors: { assignee_id: [new AppError('TICKET_ASSIGNEE_NOT_STAFF').message] },
    });
  }
  return found;
}

/**
 * Opens a ticket for the caller's company (or, for the back office and partners, a company within reach): the
 * year's next number under the counter lock, the files already stored, the history's first entry, and the mails
 * to the support team and the reporter, in one transaction. Nothing stays in storage when it fails.
 */
export async function createTicket(
  deps: Deps,
  actor: Actor,
  fields: TicketCreate,
  files: StoredTicketFile[],
  now = new Date(),
): Promise<Ticket> {
  try {
    return await deps.db.transaction(async (tx) => {
      const company = await findVisibleCompanyRow(tx, actor, fields.company_id ?? actor.companyId);
      if (!company) throw notFound();
      if (fields.case_id) await caseFor(tx, company.id, fields.case_id);
      const year = now.getUTCFullYear();
      const sequence = await repo.nextNumberSequence(tx, year);
      const row = await repo.insertTicket(tx, {
        number: `T-${year}-${String(sequence).padStart(6, '0')}`,
        numberYear: year,
        numberSequence: sequence,
        companyId: company.id,
        caseId: fields.case_id ?? null,
        subject: fields.subject,
        description: fields.description,
        priority: fields.priority,
        reporterId: actor.userId,
      });
      await repo.insertAttachments(tx, attachmentRows(row.id, null, actor, files));
      await repo.insertEvents(tx, eventRows(row.id, actor, [{ kind: 'created', to: row.number }]));
      await mailTicketCreated(deps, tx, row, company.companyName);
      return getTicket(deps, actor, row.id, tx);
    });
  } catch (err) {
    await discardTicketFiles(deps, files);
    throw err;
  }
}

/** Locks a ticket the actor sees; another company's is not found. */
export async function lockTicket(tx: DbOrTx, actor: Actor, id: string): Promise<repo.TicketRow> {
  const row = await repo.lockVisibleTicket(tx, actor, id);
  if (!row) throw notFound();
  return row;
}

/** The status change of `row` to `to` for the actor, checked (409/403), with its values and history entry. */
function statusChange(actor: Actor, row: repo.TicketRow, to: TicketStatus, now: Date) {
  const from = row.status as TicketStatus;
  const refusal = checkTicketTransition(from, to, actor);
  if (refusal) throw new AppError(refusal, { params: { from, to, status: from } });
  return {
    values: { status: to, resolvedAt: to === 'resolved' ? now : null },
    event: { kind: 'status' as const, from, to },
  };
}

/**
 * Applies a change to a locked ticket: status (the transition table and who may), priority, assignee (the back
 * office only, to one of its own), subject, description and case; one history entry per changed field; the
 * reporter's mail when someone else changed the status, the new assignee's when someone else assigned it.
 */
async function applyChange(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor,
  row: repo.TicketRow,
  change: TicketUpdate,
  now: Date,
): Promise<void> {
  const values: Partial<repo.TicketRow> = {};
  const events: EventInput[] = [];
  const assigneeChanged = change.assignee_id !== undefined && change.assignee_id !== row.assigneeId;
  if (assigneeChanged) {
    authorize(actor, assignPolicy, row);
    const before = row.assigneeId ? await repo.findUserContact(tx, row.assigneeId) : undefined;
    const after = change.assignee_id ? await assigneeFor(tx, change.assignee_id) : undefined;
    values.assigneeId = change.assignee_id;
    events.push({ kind: 'assignee', from: before?.name ?? null, to: after?.name ?? null });
  }
  let statusChanged = false;
  if (change.status !== undefined && change.status !== row.status) {
    const { values: statusValues, event } = statusChange(actor, row, change.status, now);
    Object.assign(values, statusValues);
    events.push(event);
    statusChanged = true;
  }
  if (change.priority !== undefined && change.priority !== row.priority) {
    values.priority = change.priority;
    events.push({ kind: 'priority', from: row.priority, to: change.priority });
  }
  if (change.subject !== undefined && change.subject !== row.subject) {
    values.subject = change.subject;
    events.push({ kind: 'subject', from: row.subject, to: change.subject });
  }
  if (change.description !== undefined && change.description !== row.description) {
    values.description = change.description;
    events.push({ kind: 'description' });
  }
  if (change.case_id !== undefined && change.case_id !== row.caseId) {
    const after = change.case_id ? await caseFor(tx, row.companyId, change.case_id) : undefined;
    values.caseId = change.case_id;
    events.push({ kind: 'case', to: after?.name ?? null });
  }
  if (events.length === 0) return;
  const updated = await repo.updateTicket(tx, actor, row.id, values);
  if (!updated) throw notFound();
  await repo.insertEvents(tx, eventRows(row.id, actor, events));
  if (statusChanged) await mailStatusChanged(deps, tx, updated, actor.userId);
  if (assigneeChanged) await mailAssigned(deps, tx, updated, actor.userId);
}

/** PUT /ticket/{id}: only the fields named change (see applyChange for who may change what). */
export async function updateTicket(
  deps: Deps,
  actor: Actor,
  id: string,
  change: TicketUpdate,
  now = new Date(),
): Promise<Ticket> {
  return deps.db.transaction(async (tx) => {
    await applyChange(deps, tx, actor, await lockTicket(tx, actor, id), change, now);
    return getTicket(deps, actor, id, tx);
  });
}

/** DELETE /ticket/{id} (the back office only): the ticket with its comments, files and history. */
export async function deleteTicket(deps: Deps, actor: Actor, id: string): Promise<{ message: string }> {
  const keys = await deps.db.transaction(async (tx) => {
    authorize(actor, deleteTicketPolicy, await lockTicket(tx, actor, id));
    const stored = await repo.attachmentKeys(tx, id);
    if (!(await repo.deleteTicket(tx, actor, id))) throw notFound();
    return stored;
  });
  // The rows are gone with the commit; the objects follow (an orphan is logged, the deletion stands).
  await discardTicketFiles(
    deps,
    keys.map((key) => ({ key })),
  );
  return { message: TICKET_MESSAGES.deleted };
}

const refused = (id: string, err: AppError): BulkItemResult => ({
  id,
  ok: false,
  code: err.code,
  message: err.message,
});

/**
 * POST /ticket/bulk-edit: the same change on many tickets in one transaction, each under its own savepoint, so
 * that a refused ticket (another company's: not found; a move the transition table refuses) leaves nothing of
 * itself behind and the others go through. Answers per ticket (ADR 0038).
 */
export async function bulkEditTickets(
  deps: Deps,
  actor: Actor,
  body: TicketBulkEdit,
  now = new Date(),
): Promise<BulkResult> {
  const ids = [...new Set(body.ids)];
  const change: TicketUpdate = { status: body.status, priority: body.priority, assignee_id: body.assignee_id };
  return deps.db.transaction(async (tx) => {
    const rows = new Map((await repo.lockVisibleTickets(tx, actor, ids)).map((r) => [r.id, r]));
    if (rows.size === 0) throw notFound();
    const results: BulkItemResult[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) {
        results.push(refused(id, notFound()));
        continue;
      }
      try {
        await tx.transaction((inner) => applyChange(deps, inner, actor, row, change, now));
        results.push({ id, ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push(refused(id, err));
      }
    }
    return { results };
  });
}
