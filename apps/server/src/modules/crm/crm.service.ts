import type {
  CrmUserRef,
  CustomerActivity,
  CustomerActivityCreate,
  CustomerActivityListQuery,
  CustomerActivityType,
  CustomerActivityUpdate,
  CustomerNote,
  CustomerNoteCreate,
  CustomerNoteListQuery,
  CustomerNoteUpdate,
  CustomerTimelineItem,
  CustomerTimelineQuery,
} from '@cuspid/contracts/crm';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { AppError, notFound } from '../../lib/errors';
import { filterVisibleCompanyIds } from '../companies';
import {
  changeActivityPolicy,
  changeNotePolicy,
  deleteActivityPolicy,
  deleteNotePolicy,
  mayComplete,
  mayEdit,
  writableBy,
} from './crm.policy';
import * as repo from './crm.repository';

function toUserRef(row: repo.UserRefRow | null): CrmUserRef | null {
  if (!row?.id || !row.mail) return null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return { id: row.id, name: name || row.mail, mail: row.mail };
}

export function toNote(actor: Actor, { note, author }: repo.NoteWithAuthor): CustomerNote {
  return {
    id: note.id,
    company_id: note.companyId,
    body: note.body,
    is_pinned: note.isPinned,
    author: toUserRef(author),
    can_edit: mayEdit(actor, note),
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  };
}

export function toActivity(actor: Actor, { activity, author, assignee }: repo.ActivityWithUsers): CustomerActivity {
  return {
    id: activity.id,
    company_id: activity.companyId,
    type: activity.type as CustomerActivityType,
    subject: activity.subject,
    details: activity.details,
    due_at: activity.dueAt?.toISOString() ?? null,
    done_at: activity.doneAt?.toISOString() ?? null,
    assignee: toUserRef(assignee),
    author: toUserRef(author),
    can_edit: mayEdit(actor, activity),
    can_complete: mayComplete(actor, activity),
    created_at: activity.createdAt.toISOString(),
    updated_at: activity.updatedAt.toISOString(),
  };
}

// What the audit trail keeps (API field names, so old → new values read like the screens).
const noteSnapshot = (n: repo.NoteRow) => ({
  company_id: n.companyId,
  body: n.body,
  is_pinned: n.isPinned,
  author_id: n.authorId,
});
const activitySnapshot = (a: repo.ActivityRow) => ({
  company_id: a.companyId,
  type: a.type,
  subject: a.subject,
  details: a.details,
  due_at: a.dueAt,
  done_at: a.doneAt,
  assignee_id: a.assigneeId,
  author_id: a.authorId,
});

/** The customer must be a live company the actor may see; otherwise the call answers 404 (ADR 0050). */
async function assertCompanyVisible(db: DbOrTx, actor: Actor, companyId: string) {
  if (!(await filterVisibleCompanyIds(db, actor, [companyId])).length) throw notFound();
}

async function assertAssignee(db: DbOrTx, actor: Actor, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  if (await repo.findAssignableUser(db, actor, assigneeId)) return;
  const message = new AppError('ACTIVITY_ASSIGNEE_NOT_FOUND').message;
  throw new AppError('ACTIVITY_ASSIGNEE_NOT_FOUND', {
    params: { assignee_id: assigneeId },
    errors: { assignee_id: [message] },
  });
}

async function loadNote(db: DbOrTx, actor: Actor, id: string): Promise<CustomerNote> {
  const [row] = await repo.findVisibleNotes(db, actor, [id]);
  if (!row) throw notFound();
  return toNote(actor, row);
}

async function loadActivity(db: DbOrTx, actor: Actor, id: string): Promise<CustomerActivity> {
  const [row] = await repo.findVisibleActivities(db, actor, [id]);
  if (!row) throw notFound();
  return toActivity(actor, row);
}

// Notes

export async function listNotes(deps: Deps, actor: Actor, query: CustomerNoteListQuery) {
  if (query.company_id) await assertCompanyVisible(deps.db, actor, query.company_id);
  const { data, total } = await repo.listNotes(deps.db, actor, query);
  return { data: data.map((row) => toNote(actor, row)), total };
}

export const getNote = (deps: Deps, actor: Actor, id: string) => loadNote(deps.db, actor, id);

export async function createNote(deps: Deps, actor: Actor, body: CustomerNoteCreate): Promise<CustomerNote> {
  return deps.db.transaction(async (tx) => {
    await assertCompanyVisible(tx, actor, body.company_id);
    const note = await repo.insertNote(tx, {
      companyId: body.company_id,
      body: body.body,
      isPinned: body.is_pinned,
      authorId: actor.userId,
      authorCompanyId: actor.companyId,
    });
    await recordAudit(tx, actor, {
      entity: 'customer-note',
      entityId: note.id,
      companyId: note.authorCompanyId,
      action: 'create',
      after: noteSnapshot(note),
    });
    return loadNote(tx, actor, note.id);
  });
}

export async function updateNote(deps: Deps, actor: Actor, id: string, body: CustomerNoteUpdate) {
  return deps.db.transaction(async (tx) => {
    const before = authorize(actor, changeNotePolicy, await repo.lockVisibleNote(tx, actor, id));
    const values: Partial<repo.NoteRow> = {};
    if (body.body !== undefined) values.body = body.body;
    if (body.is_pinned !== undefined) values.isPinned = body.is_pinned;
    if (!(await repo.updateNote(tx, actor, id, values, writableBy(actor)))) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'customer-note',
      entityId: id,
      companyId: before.authorCompanyId,
      action: 'update',
      before: noteSnapshot(before),
      after: noteSnapshot({ ...before, ...values }),
    });
    return loadNote(tx, actor, id);
  });
}

export async function deleteNote(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = authorize(actor, deleteNotePolicy, await repo.lockVisibleNote(tx, actor, id));
    if (!(await repo.deleteNote(tx, actor, id, writableBy(actor)))) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'customer-note',
      entityId: id,
      companyId: before.authorCompanyId,
      action: 'delete',
      before: noteSnapshot(before),
    });
  });
  return { message: 'The note was deleted' };
}

// Activities

export async function listActivities(deps: Deps, actor: Actor, query: CustomerActivityListQuery) {
  if (query.company_id) await assertCompanyVisible(deps.db, actor, query.company_id);
  const { data, total } = await repo.listActivities(deps.db, actor, query);
  return { data: data.map((row) => toActivity(actor, row)), total };
}

export const getActivity = (deps: Deps, actor: Actor, id: string) => loadActivity(deps.db, actor, id);

export async function createActivity(
  deps: Deps,
  actor: Actor,
  body: CustomerActivityCreate,
): Promise<CustomerActivity> {
  return deps.db.transaction(async (tx) => {
    await assertCompanyVisible(tx, actor, body.company_id);
    await assertAssignee(tx, actor, body.assignee_id);
    const activity = await repo.insertActivity(tx, {
      companyId: body.company_id,
      type: body.type,
      subject: body.subject,
      details: body.details,
      dueAt: body.due_at ? new Date(body.due_at) : null,
      doneAt: body.is_done ? new Date() : null,
      assigneeId: body.assignee_id ?? null,
      authorId: actor.userId,
      authorCompanyId: actor.companyId,
    });
    await recordAudit(tx, actor, {
      entity: 'customer-activity',
      entityId: activity.id,
      companyId: activity.authorCompanyId,
      action: 'create',
      after: activitySnapshot(activity),
    });
    return loadActivity(tx, actor, activity.id);
  });
}

function activityValues(body: CustomerActivityUpdate, before: repo.ActivityRow): Partial<repo.ActivityRow> {
  const values: Partial<repo.ActivityRow> = {};
  if (body.type !== undefined) values.type = body.type;
  if (body.subject !== undefined) values.subject = body.subject;
  if (body.details !== undefined) values.details = body.details;
  if (body.due_at !== undefined) values.dueAt = body.due_at ? new Date(body.due_at) : null;
  if (body.assignee_id !== undefined) values.assigneeId = body.assignee_id;
  // Marking a done activity done again keeps when it was done.
  if (body.is_done !== undefined) values.doneAt = body.is_done ? (before.doneAt ?? new Date()) : null;
  return values;
}

export async function updateActivity(deps: Deps, actor: Actor, id: string, body: CustomerActivityUpdate) {
  return deps.db.transaction(async (tx) => {
    const onlyCompletes = Object.entries(body).every(([key, value]) => key === 'is_done' || value === undefined);
    const before = authorize(actor, changeActivityPolicy(onlyCompletes), await repo.lockVisibleActivity(tx, actor, id));
    if (body.assignee_id !== before.assigneeId) await assertAssignee(tx, actor, body.assignee_id);
    const values = activityValues(body, before);
    const writable = writableBy(actor, { orAssigned: onlyCompletes });
    if (!(await repo.updateActivity(tx, actor, id, values, writable))) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'customer-activity',
      entityId: id,
      companyId: before.authorCompanyId,
      action: 'update',
      before: activitySnapshot(before),
      after: activitySnapshot({ ...before, ...values }),
    });
    return loadActivity(tx, actor, id);
  });
}

export async function deleteActivity(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = authorize(actor, deleteActivityPolicy, await repo.lockVisibleActivity(tx, actor, id));
    if (!(await repo.deleteActivity(tx, actor, id, writableBy(actor)))) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'customer-activity',
      entityId: id,
      companyId: before.authorCompanyId,
      action: 'delete',
      before: activitySnapshot(before),
    });
  });
  return { message: 'The activity was deleted' };
}

// Timeline

/** One company's notes and activities, merged and paged by the database (ADR 0053). */
export async function getTimeline(
  deps: Deps,
  actor: Actor,
  query: CustomerTimelineQuery,
): Promise<{ data: CustomerTimelineItem[]; total: number }> {
  await assertCompanyVisible(deps.db, actor, query.company_id);
  const page = await repo.timelinePage(deps.db, actor, query.company_id, {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  const ids = (kind: repo.TimelineEntry['kind']) => page.data.filter((e) => e.kind === kind).map((e) => e.id);
  const [notes, activities] = await Promise.all([
    repo.findVisibleNotes(deps.db, actor, ids('note')),
    repo.findVisibleActivities(deps.db, actor, ids('activity')),
  ]);
  const noteById = new Map(notes.map((row) => [row.note.id, row]));
  const activityById = new Map(activities.map((row) => [row.activity.id, row]));
  const data: CustomerTimelineItem[] = [];
  for (const entry of page.data) {
    // A record deleted between the two reads is left out of this page rather than failing it.
    if (entry.kind === 'note') {
      const row = noteById.get(entry.id);
      if (row) data.push({ kind: 'note', note: toNote(actor, row) });
    } else {
      const row = activityById.get(entry.id);
      if (row) data.push({ kind: 'activity', activity: toActivity(actor, row) });
    }
  }
  return { data, total: page.total };
}
