import type { CustomerActivityListQuery, CustomerNoteListQuery } from '@cuspid/contracts/crm';
import { aliasedTable, and, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';
import type { Writable } from './crm.policy';
import { customerActivities, customerNotes } from './crm.schema';

export type NoteRow = typeof customerNotes.$inferSelect;
export type ActivityRow = typeof customerActivities.$inferSelect;
export type UserRefRow = { id: string | null; firstName: string | null; lastName: string | null; mail: string | null };
export type NoteWithAuthor = { note: NoteRow; author: UserRefRow | null };
export type ActivityWithUsers = { activity: ActivityRow; author: UserRefRow | null; assignee: UserRefRow | null };

/**
 * Who sees a note or activity (ADR 0053): the customer must be a live company in the actor's scope, and so must
 * the author's company. A partner therefore reads what its own company and the companies below it wrote, never
 * what a partner above it (or the back office) wrote about it. Staff see all (both scopes are undefined).
 */
function visible(actor: Actor, table: typeof customerNotes | typeof customerActivities): SQL {
  return and(
    sql`${table.companyId} in (select c.id from ${companies} c where c.deleted_at is null)`,
    companyScope(actor, table.companyId),
    companyScope(actor, table.authorCompanyId),
  )!;
}

const author = aliasedTable(users, 'author');
const assignee = aliasedTable(users, 'assignee');
const userRef = (u: typeof users) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, mail: u.mail });

function selectNotes(db: DbOrTx) {
  return db
    .select({ note: customerNotes, author: userRef(author) })
    .from(customerNotes)
    .leftJoin(author, eq(author.id, customerNotes.authorId));
}

function selectActivities(db: DbOrTx) {
  return db
    .select({ activity: customerActivities, author: userRef(author), assignee: userRef(assignee) })
    .from(customerActivities)
    .leftJoin(author, eq(author.id, customerActivities.authorId))
    .leftJoin(assignee, eq(assignee.id, customerActivities.assigneeId));
}

const direction = (column: PgColumn, dir: 'asc' | 'desc') =>
  dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;

// Notes

const NOTE_SORT = { created_at: customerNotes.createdAt, updated_at: customerNotes.updatedAt } as const;

export async function listNotes(db: DbOrTx, actor: Actor, query: CustomerNoteListQuery) {
  const where = and(
    visible(actor, customerNotes),
    query.company_id ? eq(customerNotes.companyId, query.company_id) : undefined,
    query.is_pinned ? eq(customerNotes.isPinned, query.is_pinned === 'true') : undefined,
    query.search ? ilike(customerNotes.body, likePattern(query.search)) : undefined,
  );
  const { data, total } = await listPage(
    db,
    selectNotes(db)
      .where(where)
      .orderBy(direction(NOTE_SORT[query.sort_by], query.sort_dir), desc(customerNotes.id))
      .$dynamic(),
    db.select(oneRow).from(customerNotes).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: data as NoteWithAuthor[], total };
}

export async function findVisibleNotes(db: DbOrTx, actor: Actor, ids: string[]): Promise<NoteWithAuthor[]> {
  if (!ids.length) return [];
  return (await selectNotes(db).where(
    and(inArray(customerNotes.id, ids), visible(actor, customerNotes)),
  )) as NoteWithAuthor[];
}

/** The note, locked until the transaction ends (two edits at once must not both keep the old text as "before"). */
export async function lockVisibleNote(db: DbOrTx, actor: Actor, id: string): Promise<NoteRow | undefined> {
  const [row] = await db
    .select()
    .from(customerNotes)
    .where(and(eq(customerNotes.id, id), visible(actor, customerNotes)))
    .for('update');
  return row;
}

export async function insertNote(db: DbOrTx, values: typeof customerNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(customerNotes).values(values).returning();
  return row!;
}

/**
 * The author rule as part of a write's statement (see crm.policy `writableBy`): the record is the actor's own,
 * or (when the rule allows it) assigned to the actor; no condition for those who manage all.
 */
function writable(table: typeof customerNotes | typeof customerActivities, who: Writable): SQL | undefined {
  if (!who) return undefined;
  const own = eq(table.authorId, who.authorId);
  return who.assigneeId && 'assigneeId' in table ? or(own, eq(table.assigneeId, who.assigneeId)) : own;
}

/** Updates a note the actor sees and may write (both are part of the statement); false when none matched. */
export async function updateNote(
  db: DbOrTx,
  actor: Actor,
  id: string,
  values: Partial<typeof customerNotes.$inferInsert>,
  who: Writable,
): Promise<boolean> {
  const rows = await db
    .update(customerNotes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customerNotes.id, id), visible(actor, customerNotes), writable(customerNotes, who)))
    .returning({ id: customerNotes.id });
  return rows.length > 0;
}

export async function deleteNote(db: DbOrTx, actor: Actor, id: string, who: Writable): Promise<boolean> {
  const rows = await db
    .delete(customerNotes)
    .where(and(eq(customerNotes.id, id), visible(actor, customerNotes), writable(customerNotes, who)))
    .returning({ id: customerNotes.id });
  return rows.length > 0;
}

// Activities

const ACTIVITY_SORT = {
  created_at: customerActivities.createdAt,
  updated_at: customerActivities.updatedAt,
  due_at: customerActivities.dueAt,
  done_at: customerActivities.doneAt,
} as const;

function activityStatus(status: CustomerActivityListQuery['status']): SQL | undefined {
  if (status === 'open') return isNull(customerActivities.doneAt);
  if (status === 'done') return isNotNull(customerActivities.doneAt);
  if (status === 'overdue') {
    return and(
      isNull(customerActivities.doneAt),
      isNotNull(customerActivities.dueAt),
      lt(customerActivities.dueAt, sql`now()`),
    );
  }
  return undefined;
}

export async function listActivities(db: DbOrTx, actor: Actor, query: CustomerActivityListQuery) {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = and(
    visible(actor, customerActivities),
    query.company_id ? eq(customerActivities.companyId, query.company_id) : undefined,
    query.type ? eq(customerActivities.type, query.type) : undefined,
    query.assignee_id ? eq(customerActivities.assigneeId, query.assignee_id) : undefined,
    activityStatus(query.status),
    pattern ? or(ilike(customerActivities.subject, pattern), ilike(customerActivities.details, pattern)) : undefined,
  );
  const { data, total } = await listPage(
    db,
    selectActivities(db)
      .where(where)
      .orderBy(direction(ACTIVITY_SORT[query.sort_by], query.sort_dir), desc(customerActivities.id))
      .$dynamic(),
    db.select(oneRow).from(customerActivities).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: data as ActivityWithUsers[], total };
}

export async function findVisibleActivities(db: DbOrTx, actor: Actor, ids: string[]): Promise<ActivityWithUsers[]> {
  if (!ids.length) return [];
  return (await selectActivities(db).where(
    and(inArray(customerActivities.id, ids), visible(actor, customerActivities)),
  )) as ActivityWithUsers[];
}

export async function lockVisibleActivity(db: DbOrTx, actor: Actor, id: string): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(customerActivities)
    .where(and(eq(customerActivities.id, id), visible(actor, customerActivities)))
    .for('update');
  return row;
}

export async function insertActivity(db: DbOrTx, values: typeof customerActivities.$inferInsert): Promise<ActivityRow> {
  const [row] = await db.insert(customerActivities).values(values).returning();
  return row!;
}

/** Updates an activity the actor sees and may write (both are part of the statement); false when none matched. */
export async function updateActivity(
  db: DbOrTx,
  actor: Actor,
  id: string,
  values: Partial<typeof customerActivities.$inferInsert>,
  who: Writable,
): Promise<boolean> {
  const rows = await db
    .update(customerActivities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customerActivities.id, id), visible(actor, customerActivities), writable(customerActivities, who)))
    .returning({ id: customerActivities.id });
  return rows.length > 0;
}

export async function deleteActivity(db: DbOrTx, actor: Actor, id: string, who: Writable): Promise<boolean> {
  const rows = await db
    .delete(customerActivities)
    .where(and(eq(customerActivities.id, id), visible(actor, customerActivities), writable(customerActivities, who)))
    .returning({ id: customerActivities.id });
  return rows.length > 0;
}

/** A live, active user of a company the actor may see: who an activity can be assigned to. */
export async function findAssignableUser(db: DbOrTx, actor: Actor, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        isNull(users.deletedAt),
        eq(users.isActive, true),
        sql`${users.companyId} in (select c.id from ${companies} c where c.deleted_at is null)`,
        companyScope(actor, users.companyId),
      ),
    )
    .limit(1);
  return row;
}

// Timeline

export type TimelineEntry = { kind: 'note' | 'activity'; id: string };

/**
 * One page of a company's notes and activities merged in the database, so paging stays exact whatever the mix:
 * pinned notes first, then everything by creation time, newest first.
 */
export async function timelinePage(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  page: { offset: number; limit: number },
): Promise<{ data: TimelineEntry[]; total: number }> {
  const notesWhere = and(eq(customerNotes.companyId, companyId), visible(actor, customerNotes));
  const activitiesWhere = and(eq(customerActivities.companyId, companyId), visible(actor, customerActivities));
  const [data, [counts]] = await Promise.all([
    queryRows<TimelineEntry>(
      db,
      sql`select kind, id from (
            select 'note' as kind, ${customerNotes.id} as id, ${customerNotes.isPinned} as pinned,
                   ${customerNotes.createdAt} as created_at
            from ${customerNotes} where ${notesWhere}
            union all
            select 'activity', ${customerActivities.id}, false, ${customerActivities.createdAt}
            from ${customerActivities} where ${activitiesWhere}
          ) timeline
          order by pinned desc, created_at desc, id desc
          offset ${page.offset} limit ${page.limit}`,
    ),
    queryRows<{ total: number | string }>(
      db,
      sql`select (select count(*) from ${customerNotes} where ${notesWhere})
               + (select count(*) from ${customerActivities} where ${activitiesWhere}) as total`,
    ),
  ]);
  return { data, total: Number(counts?.total ?? 0) };
}
