import type { TicketListQuery } from '@cuspid/contracts/tickets';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { rankedSearch, SEARCH_CANDIDATES, searchMatch } from '../../db/search-match';
import { nextYearlySequence } from '../../db/yearly-counter';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import type { MetricPeriod } from '../../lib/metrics';
import { caseNameOf } from '../cases/cases.tables';
import { companyNameOf } from '../companies/companies.tables';
import { userNameOf } from '../users/users.tables';
import { ticketAttachments, ticketComments, ticketEvents, ticketNumberCounters, tickets } from './tickets.schema';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketCommentRow = typeof ticketComments.$inferSelect;
export type TicketAttachmentRow = typeof ticketAttachments.$inferSelect;
export type TicketEventRow = typeof ticketEvents.$inferSelect;

/** The tickets an actor may see: every company's for the back office, the companies in its scope otherwise. */
const visible = (actor: Actor): SQL | undefined => companyScope(actor, tickets.companyId);

// Internal notes, their files and their history entries are the back office's (ADR 0112): every query a
// customer's call runs leaves them out here, and the policy checks each row again.
const commentsFor = (actor: Actor): SQL | undefined =>
  actor.isStaff ? undefined : eq(ticketComments.isInternal, false);
const eventsFor = (actor: Actor): SQL | undefined => (actor.isStaff ? undefined : eq(ticketEvents.isInternal, false));

/**
 * For a write to a comment or a file: its ticket (by `ticketId`) is one the actor may see. The scope goes into the
 * write's own WHERE, even where the caller found the row through a scoped read in the same transaction.
 */
function onVisibleTicket(db: DbOrTx, actor: Actor, ticketId: Column): SQL | undefined {
  const scope = visible(actor);
  return scope
    ? exists(
        db
          .select({ one: sql`1` })
          .from(tickets)
          .where(and(eq(tickets.id, ticketId), scope)),
      )
    : undefined;
}

/** A ticket with the names shown beside it: company, case, reporter, assignee. */
function ticketViewQuery(db: DbOrTx) {
  return db
    .select({
      ticket: tickets,
      companyName: companyNameOf(tickets.companyId),
      caseName: caseNameOf(tickets.caseId),
      reporterName: userNameOf(tickets.reporterId),
      assigneeName: userNameOf(tickets.assigneeId),
    })
    .from(tickets);
}

export type TicketView = TicketRow & {
  companyName: string;
  caseName: string | null;
  reporterName: string | null;
  assigneeName: string | null;
};

const flatten = (rows: Awaited<ReturnType<ReturnType<typeof ticketViewQuery>['execute']>>): TicketView[] =>
  rows.map(({ ticket, ...names }) => ({ ...ticket, ...names }));

const SORT = {
  created_at: tickets.createdAt,
  updated_at: tickets.updatedAt,
  number: tickets.number,
  subject: tickets.subject,
  // high, normal, low: the urgent first when sorted descending.
  priority: sql`case ${tickets.priority} when 'high' then 3 when 'normal' then 2 else 1 end`,
  status: tickets.status,
} as const;

function ticketFilter(actor: Actor, query: TicketListQuery): SQL | undefined {
  const search = query.search ? likePattern(query.search) : undefined;
  return and(
    visible(actor),
    query.status?.length ? inArray(tickets.status, query.status) : undefined,
    query.priority?.length ? inArray(tickets.priority, query.priority) : undefined,
    query.assignee_id === 'none'
      ? isNull(tickets.assigneeId)
      : query.assignee_id
        ? eq(tickets.assigneeId, query.assignee_id)
        : undefined,
    query.company_id ? eq(tickets.companyId, query.company_id) : undefined,
    search
      ? or(
          sql`${tickets.number} ilike ${search}`,
          sql`${tickets.subject} ilike ${search}`,
          sql`${companyNameOf(tickets.companyId)} ilike ${search}`,
        )
      : undefined,
  );
}

export async function listTickets(db: DbOrTx, actor: Actor, query: TicketListQuery) {
  const where = ticketFilter(actor, query);
  const order = query.sort_dir === 'desc' ? desc : asc;
  const page = await listPage(
    db,
    ticketViewQuery(db)
      .where(where)
      .orderBy(order(SORT[query.sort_by]), order(tickets.createdAt), order(tickets.id))
      .$dynamic(),
    db.select(oneRow).from(tickets).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: flatten(page.data), total: page.total };
}

/** Tickets for the global search (ADR 0080): by number or subject, in the actor's scope like the list. */
export function searchTickets(db: DbOrTx, actor: Actor, term: string, limit: number) {
  const match = searchMatch(term, [tickets.number], [tickets.subject]);
  const candidates = db
    .select({
      id: tickets.id,
      number: tickets.number,
      subject: tickets.subject,
      status: tickets.status,
      companyName: sql<string>`${companyNameOf(tickets.companyId)}`.as('company_name'),
      createdAt: tickets.createdAt,
      rank: sql<number>`${match.rank}`.as('rank'),
    })
    .from(tickets)
    .where(and(visible(actor), match.where))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  return rankedSearch(
    db,
    candidates,
    ['id', 'number', 'subject', 'status', 'companyName'],
    [desc(candidates.createdAt)],
    limit,
  );
}

/** A ticket the actor may see, with its names (another company's is not found). */
export async function findVisibleTicket(db: DbOrTx, actor: Actor, id: string): Promise<TicketView | undefined> {
  return flatten(await ticketViewQuery(db).where(and(eq(tickets.id, id), visible(actor))))[0];
}

/** Locks and returns a ticket the actor may see: every change of a ticket starts here. */
export async function lockVisibleTicket(db: DbOrTx, actor: Actor, id: string): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), visible(actor)))
    .for('update');
  return row;
}

/** Locks the tickets among `ids` the actor may see, in id order (so that two bulk calls never deadlock). */
export async function lockVisibleTickets(db: DbOrTx, actor: Actor, ids: string[]): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(inArray(tickets.id, ids), visible(actor)))
    .orderBy(asc(tickets.id))
    .for('update');
}

export async function insertTicket(db: DbOrTx, values: typeof tickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

/** Changes a ticket the actor may see (the company scope again in the WHERE); undefined when there is none. */
export async function updateTicket(
  db: DbOrTx,
  actor: Actor,
  id: string,
  values: Partial<typeof tickets.$inferInsert>,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tickets.id, id), visible(actor)))
    .returning();
  return row;
}

export async function deleteTicket(db: DbOrTx, actor: Actor, id: string): Promise<boolean> {
  const rows = await db
    .delete(tickets)
    .where(and(eq(tickets.id, id), visible(actor)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/**
 * The next ticket number sequence of `year`, under the year's counter row lock until the transaction ends (as
 * invoice numbers, ADR 0105): a rolled-back ticket gives its number back, concurrent ones wait for each other.
 */
export function nextNumberSequence(db: DbOrTx, year: number): Promise<number> {
  return nextYearlySequence(db, ticketNumberCounters, year);
}

export { findCompanyCase } from '../cases/cases.tables';

export { findCompanyName } from '../companies/companies.tables';
export { findUserContact, listOperatorUsers } from '../users/users.tables';

// --- Comments, attachments, history --------------------------------------------------------------------

/** The comments of a ticket the actor may read, oldest first (internal notes for the back office only). */
export async function listComments(db: DbOrTx, actor: Actor, ticketId: string) {
  const rows = await db
    .select({
      comment: ticketComments,
      authorName: userNameOf(ticketComments.authorId),
    })
    .from(ticketComments)
    .where(and(eq(ticketComments.ticketId, ticketId), commentsFor(actor)))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  return rows.map(({ comment, authorName }) => ({ ...comment, authorName }));
}

export type VisibleComment = TicketCommentRow & { authorName: string | null; ticketStatus: string };

/**
 * A comment the actor may read: of a ticket in its scope, and not an internal note unless it is the back office
 * (another company's comment and, for a customer, an internal note are not found). With its ticket's status.
 */
export async function findVisibleComment(db: DbOrTx, actor: Actor, id: string): Promise<VisibleComment | undefined> {
  const [row] = await db
    .select({
      comment: ticketComments,
      authorName: userNameOf(ticketComments.authorId),
      ticketStatus: tickets.status,
    })
    .from(ticketComments)
    .innerJoin(tickets, eq(tickets.id, ticketComments.ticketId))
    .where(and(eq(ticketComments.id, id), visible(actor), commentsFor(actor)));
  return row ? { ...row.comment, authorName: row.authorName, ticketStatus: row.ticketStatus } : undefined;
}

/** Changes the text of a comment the actor may read (scope and internal-note rule in the WHERE); false if none. */
export async function updateComment(
  db: DbOrTx,
  actor: Actor,
  id: string,
  values: { body: string; editedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(ticketComments)
    .set(values)
    .where(and(eq(ticketComments.id, id), onVisibleTicket(db, actor, ticketComments.ticketId), commentsFor(actor)))
    .returning({ id: ticketComments.id });
  return rows.length > 0;
}

/**
 * Deletes a comment the actor may read; its files' rows go with it (the foreign key cascades), their objects are
 * the caller's. False if there is no such comment.
 */
export async function deleteComment(db: DbOrTx, actor: Actor, id: string): Promise<boolean> {
  const rows = await db
    .delete(ticketComments)
    .where(and(eq(ticketComments.id, id), onVisibleTicket(db, actor, ticketComments.ticketId), commentsFor(actor)))
    .returning({ id: ticketComments.id });
  return rows.length > 0;
}

/** The files of one comment, in the order of writing. */
export async function listCommentAttachments(db: DbOrTx, commentId: string): Promise<TicketAttachmentRow[]> {
  return db
    .select()
    .from(ticketAttachments)
    .where(eq(ticketAttachments.commentId, commentId))
    .orderBy(asc(ticketAttachments.seq));
}

export async function insertComment(db: DbOrTx, values: typeof ticketComments.$inferInsert): Promise<TicketCommentRow> {
  const [row] = await db.insert(ticketComments).values(values).returning();
  return row!;
}

/**
 * A ticket's files the actor may see: the opening message's and those of the comments it may read (an internal
 * note's files are the back office's).
 */
export async function listAttachments(db: DbOrTx, actor: Actor, ticketId: string) {
  return db
    .select({ attachment: ticketAttachments, isInternal: sql<boolean>`coalesce(${ticketComments.isInternal}, false)` })
    .from(ticketAttachments)
    .leftJoin(ticketComments, eq(ticketComments.id, ticketAttachments.commentId))
    .where(and(eq(ticketAttachments.ticketId, ticketId), attachmentsFor(actor)))
    .orderBy(asc(ticketAttachments.seq));
}

const attachmentsFor = (actor: Actor): SQL | undefined =>
  actor.isStaff ? undefined : or(isNull(ticketAttachments.commentId), eq(ticketComments.isInternal, false));

export type VisibleAttachment = TicketAttachmentRow & { isInternal: boolean; companyId: string };

/** A file the actor may see: of a ticket in its scope, and not of an internal note unless it is the back office. */
export async function findVisibleAttachment(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<VisibleAttachment | undefined> {
  const [row] = await db
    .select({
      attachment: ticketAttachments,
      isInternal: sql<boolean>`coalesce(${ticketComments.isInternal}, false)`,
      companyId: tickets.companyId,
    })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .leftJoin(ticketComments, eq(ticketComments.id, ticketAttachments.commentId))
    .where(and(eq(ticketAttachments.id, id), visible(actor), attachmentsFor(actor)));
  return row ? { ...row.attachment, isInternal: row.isInternal, companyId: row.companyId } : undefined;
}

export async function insertAttachments(
  db: DbOrTx,
  values: (typeof ticketAttachments.$inferInsert)[],
): Promise<TicketAttachmentRow[]> {
  if (values.length === 0) return [];
  return db.insert(ticketAttachments).values(values).returning();
}

/** Deletes a file the actor may see (scope, and for a customer no internal note's file, in the WHERE); false if none. */
export async function deleteAttachment(db: DbOrTx, actor: Actor, id: string): Promise<boolean> {
  const ofPublicComment = exists(
    db
      .select({ one: sql`1` })
      .from(ticketComments)
      .where(and(eq(ticketComments.id, ticketAttachments.commentId), eq(ticketComments.isInternal, false))),
  );
  const rows = await db
    .delete(ticketAttachments)
    .where(
      and(
        eq(ticketAttachments.id, id),
        onVisibleTicket(db, actor, ticketAttachments.ticketId),
        actor.isStaff ? undefined : or(isNull(ticketAttachments.commentId), ofPublicComment),
      ),
    )
    .returning({ id: ticketAttachments.id });
  return rows.length > 0;
}

/** The storage keys of a ticket's files (deleted with the ticket once it is gone). */
export async function attachmentKeys(db: DbOrTx, ticketId: string): Promise<string[]> {
  const rows = await db
    .select({ key: ticketAttachments.storageKey })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId));
  return rows.map((r) => r.key);
}

export async function insertEvents(db: DbOrTx, values: (typeof ticketEvents.$inferInsert)[]): Promise<void> {
  if (values.length) await db.insert(ticketEvents).values(values);
}

/** A ticket's history as the actor may read it, oldest first (internal entries for the back office only). */
export async function listEvents(db: DbOrTx, actor: Actor, ticketId: string) {
  const rows = await db
    .select({
      event: ticketEvents,
      actorName: userNameOf(ticketEvents.actorId),
    })
    .from(ticketEvents)
    .where(and(eq(ticketEvents.ticketId, ticketId), eventsFor(actor)))
    .orderBy(asc(ticketEvents.seq));
  return rows.map(({ event, actorName }) => ({ ...event, actorName }));
}

/**
 * How many of the tickets the actor may see were opened in the period and are not resolved, per priority
 * (priorities with none left out).
 */
export function countOpenTicketsPerPriority(db: DbOrTx, actor: Actor, period: MetricPeriod) {
  return db
    .select({ priority: tickets.priority, count: count() })
    .from(tickets)
    .where(
      and(
        visible(actor),
        ne(tickets.status, 'resolved'),
        gte(tickets.createdAt, period.from),
        lt(tickets.createdAt, period.to),
      ),
    )
    .groupBy(tickets.priority);
}
