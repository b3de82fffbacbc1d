import type { CaseStatus } from '@cuspid/contracts/cases';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personName } from '../../db/person-name';
import { searchMatch } from '../../db/search-match';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import type { MetricPeriod } from '../../lib/metrics';
import { companies } from '../companies/companies.schema';
import { recordFlags, recordTags } from '../flags/flags.schema';
import { users } from '../users/users.schema';
import { caseJaws, caseLogs, caseResultFiles, caseResults, cases } from './cases.schema';
import { caseScope } from './cases.tables';

export type CaseRow = typeof cases.$inferSelect;
export type CaseValues = Partial<typeof cases.$inferInsert>;
export type JawRow = typeof caseJaws.$inferSelect;
export type ResultRow = typeof caseResults.$inferSelect;
export type ResultFileRow = typeof caseResultFiles.$inferSelect;
export type LogRow = typeof caseLogs.$inferSelect;

/** A case with the names a screen shows next to it. */
export type CaseView = CaseRow & { companyName: string; createdByName: string | null; lockedByName: string | null };

const creator = sql`creator`;
const locker = sql`locker`;

const viewColumns = {
  case: cases,
  companyName: companies.companyName,
  createdByName: personName(creator),
  lockedByName: personName(locker),
};

const flattenView = (
  rows: { case: CaseRow; companyName: string; createdByName: string | null; lockedByName: string | null }[],
) => rows.map(({ case: row, ...names }) => ({ ...row, ...names }));

function viewQuery(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(cases)
    .innerJoin(companies, eq(companies.id, cases.companyId))
    .leftJoin(sql`${users} as creator`, sql`creator.id = ${cases.createdBy}`)
    .leftJoin(sql`${users} as locker`, sql`locker.id = ${cases.lockedBy}`);
}

/** The statuses a list leaves out unless asked for them. */
const SET_ASIDE: CaseStatus[] = ['trash', 'hidden'];

/** Cases for the global search (ADR 0080): by name or patient, in the actor's scope, not the trashed ones. */
export async function searchCases(db: DbOrTx, actor: Actor, term: string, limit: number) {
  const match = searchMatch(term, [cases.name, cases.patient]);
  return db
    .select({
      id: cases.id,
      name: cases.name,
      patient: cases.patient,
      status: cases.status,
      companyName: companies.companyName,
    })
    .from(cases)
    .innerJoin(companies, eq(companies.id, cases.companyId))
    .where(and(caseScope(actor), notInArray(cases.status, SET_ASIDE), match.where))
    .orderBy(match.rank, desc(cases.createdAt), desc(cases.id))
    .limit(limit);
}

/** A case the actor may see (another company's, or a hidden one for a customer, is not found). */
export async function findVisibleCase(db: DbOrTx, actor: Actor, id: string): Promise<CaseView | undefined> {
  const rows = await viewQuery(db).where(and(eq(cases.id, id), caseScope(actor)));
  return flattenView(rows)[0];
}

/** Locks and returns the case if the actor may see it: every change of a case starts here. */
export async function lockVisibleCase(db: DbOrTx, actor: Actor, id: string): Promise<CaseRow | undefined> {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.id, id), caseScope(actor)))
    .for('update');
  return row;
}

/** Locks the visible cases among `ids`, in id order (two bulk calls on the same cases then never deadlock). */
export async function lockVisibleCases(db: DbOrTx, actor: Actor, ids: string[]): Promise<CaseRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(cases)
    .where(and(inArray(cases.id, ids), caseScope(actor)))
    .orderBy(asc(cases.id))
    .for('update');
}

/** The system's and the engine's access: any case by id, locked. */
export async function lockCase(db: DbOrTx, id: string): Promise<CaseRow | undefined> {
  const [row] = await db.select().from(cases).where(eq(cases.id, id)).for('update');
  return row;
}

export async function insertCase(db: DbOrTx, values: typeof cases.$inferInsert): Promise<CaseRow> {
  const [row] = await db.insert(cases).values(values).returning();
  return row!;
}

export async function updateCase(db: DbOrTx, id: string, values: CaseValues): Promise<CaseRow> {
  const [row] = await db
    .update(cases)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cases.id, id))
    .returning();
  return row!;
}

export async function deleteCasesById(db: DbOrTx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(recordFlags).where(and(eq(recordFlags.recordType, 'case'), inArray(recordFlags.recordId, ids)));
  await db.delete(recordTags).where(and(eq(recordTags.recordType, 'case'), inArray(recordTags.recordId, ids)));
  await db.delete(cases).where(inArray(cases.id, ids));
}

/**
 * Gives run `run` of the case to the engine account `userId` if no engine account holds it yet (ADR 0113): one
 * conditional update, so of two accounts calling at once only one gets it. Answers the case if it did.
 */
export async function claimEngineRun(
  db: DbOrTx,
  caseId: string,
  run: number,
  userId: string,
): Promise<CaseRow | undefined> {
  const [row] = await db
    .update(cases)
    .set({ engineUserId: userId })
    .where(and(eq(cases.id, caseId), eq(cases.processingRun, run), isNull(cases.engineUserId)))
    .returning();
  return row;
}

/** Cases an external engine has held in processing since before `before`, oldest first (the watchdog's). */
export async function listOverdueExternalRuns(db: DbOrTx, before: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.status, 'in-progress'), eq(cases.engine, 'external'), lt(cases.processingStartedAt, before)))
    .orderBy(asc(cases.processingStartedAt))
    .limit(limit);
}

/** A trashed case with the name of its company (empty trash answers per company). */
export type TrashedCase = CaseRow & { companyName: string };

/**
 * The trashed cases of one company, or of every live company the actor may see (ADR 0116): what empty trash
 * deletes. `lock` locks them, in id order so that two calls never deadlock; the question before it (a dry run)
 * reads them without. The company is read in subqueries, so that only the cases' rows are locked.
 */
export async function listTrashedCases(
  db: DbOrTx,
  actor: Actor,
  companyId: string | undefined,
  { lock }: { lock: boolean },
): Promise<TrashedCase[]> {
  const query = db
    .select({
      case: cases,
      companyName: sql<string>`(select ${companies.companyName} from ${companies} where ${companies.id} = ${cases.companyId})`,
    })
    .from(cases)
    .where(
      and(
        eq(cases.status, 'trash'),
        // A deleted company's trash stays, as naming the company answers 404.
        sql`exists (select 1 from ${companies} where ${companies.id} = ${cases.companyId} and ${companies.deletedAt} is null)`,
        companyId ? eq(cases.companyId, companyId) : undefined,
        companyScope(actor, cases.companyId),
      ),
    )
    .orderBy(asc(cases.id));
  const rows = lock ? await query.for('update') : await query;
  return rows.map(({ case: row, companyName }) => ({ ...row, companyName }));
}

// --- Jaws ------------------------------------------------------------------------------------------

export async function listJaws(db: DbOrTx, caseIds: string[]): Promise<JawRow[]> {
  if (!caseIds.length) return [];
  return db.select().from(caseJaws).where(inArray(caseJaws.caseId, caseIds)).orderBy(desc(caseJaws.jaw));
}

export async function insertJaws(db: DbOrTx, values: (typeof caseJaws.$inferInsert)[]): Promise<JawRow[]> {
  if (!values.length) return [];
  return db.insert(caseJaws).values(values).returning();
}

export async function updateJaw(
  db: DbOrTx,
  caseId: string,
  jaw: string,
  values: Partial<typeof caseJaws.$inferInsert>,
): Promise<void> {
  await db
    .update(caseJaws)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(caseJaws.caseId, caseId), eq(caseJaws.jaw, jaw)));
}

/**
 * Every live jaw of a case that a run ended (done or unsupported: the moves to queued of UPLOAD_TRANSITIONS)
 * goes back to queued for a new processing run; one still queued stays as it is.
 */
export async function queueJaws(db: DbOrTx, caseId: string): Promise<void> {
  await db
    .update(caseJaws)
    .set({ status: 'queued', unsupportedReason: null, updatedAt: new Date() })
    .where(
      and(eq(caseJaws.caseId, caseId), isNull(caseJaws.deletedAt), inArray(caseJaws.status, ['done', 'unsupported'])),
    );
}

// --- Results, files, ratings ------------------------------------------------------------------------

export async function listResults(db: DbOrTx, caseId: string, includeHidden: boolean): Promise<ResultRow[]> {
  return db
    .select()
    .from(caseResults)
    .where(and(eq(caseResults.caseId, caseId), includeHidden ? undefined : sql`${caseResults.status} <> 'hidden'`))
    .orderBy(desc(caseResults.version));
}

export async function insertResult(
  db: DbOrTx,
  values: Omit<typeof caseResults.$inferInsert, 'version'>,
): Promise<ResultRow> {
  const [row] = await db
    .insert(caseResults)
    .values({
      ...values,
      version: sql`(select coalesce(max(${caseResults.version}), 0) + 1 from ${caseResults} where ${caseResults.caseId} = ${values.caseId})`,
    })
    .returning();
  return row!;
}

export async function updateResult(db: DbOrTx, id: string, values: Partial<typeof caseResults.$inferInsert>) {
  const [row] = await db
    .update(caseResults)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(caseResults.id, id))
    .returning();
  return row!;
}

export async function insertResultFiles(
  db: DbOrTx,
  values: (typeof caseResultFiles.$inferInsert)[],
): Promise<ResultFileRow[]> {
  if (!values.length) return [];
  return db.insert(caseResultFiles).values(values).returning();
}

/** Every stored file of the cases (scans and results): what a permanent delete removes from storage. */
export async function storageKeysOf(db: DbOrTx, caseIds: string[]): Promise<string[]> {
  if (!caseIds.length) return [];
  const [jawKeys, fileKeys] = await Promise.all([
    db.select({ key: caseJaws.storageKey }).from(caseJaws).where(inArray(caseJaws.caseId, caseIds)),
    db
      .select({ key: caseResultFiles.storageKey })
      .from(caseResultFiles)
      .innerJoin(caseResults, eq(caseResults.id, caseResultFiles.resultId))
      .where(inArray(caseResults.caseId, caseIds)),
  ]);
  return [...jawKeys, ...fileKeys].map((r) => r.key);
}

/** A user's name, mail and language (the locker's name in a refusal, the creator's mail); `live`: not deleted. */
export async function findUserContact(db: DbOrTx, id: string, options: { live?: boolean } = {}) {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, mail: users.mail, language: users.contactLanguage })
    .from(users)
    .where(and(eq(users.id, id), options.live ? isNull(users.deletedAt) : undefined));
  return user;
}

// --- Logs --------------------------------------------------------------------------------------------

export async function insertLog(db: DbOrTx, values: typeof caseLogs.$inferInsert): Promise<void> {
  await db.insert(caseLogs).values(values);
}

export async function listLogs(db: DbOrTx, caseId: string) {
  return db
    .select({ log: caseLogs, actorName: personName(sql`log_actor`) })
    .from(caseLogs)
    .leftJoin(sql`${users} as log_actor`, sql`log_actor.id = ${caseLogs.actorId}`)
    .where(eq(caseLogs.caseId, caseId))
    .orderBy(desc(caseLogs.id));
}

/**
 * Tells every server process that a case changed (GET /cases/events): a NOTIFY sent when the transaction
 * commits, carrying what a list row shows of the case's state. Nothing is sent for a rolled-back change.
 */
export async function notifyCaseChanged(db: DbOrTx, caseId: string): Promise<void> {
  await db.execute(sql`select pg_notify('cuspid_case_events', json_build_object(
      'case_id', c.id, 'company_id', c.company_id, 'status', c.status, 'previous_status', c.previous_status,
      'result_count', c.result_count, 'at', now(),
      'locked_by', c.locked_by, 'locked_at', c.locked_at,
      'locked_by_name', (select coalesce(${personName(sql`l`)}, l.mail) from ${users} l where l.id = c.locked_by),
      'jaws', coalesce((select json_agg(json_build_object('jaw', j.jaw, 'status', j.status) order by j.jaw desc)
        from ${caseJaws} j where j.case_id = c.id and j.deleted_at is null), '[]'::json))::text)
    from ${cases} c where c.id = ${caseId}`);
}

export const CASE_EVENTS_CHANNEL = 'cuspid_case_events';

/** Who holds the lock of each of these cases, with the locker's name (cases without a lock are left out). */
export async function listLocks(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: cases.id, lockedBy: cases.lockedBy, lockedByName: personName(locker) })
    .from(cases)
    .leftJoin(sql`${users} as locker`, sql`locker.id = ${cases.lockedBy}`)
    .where(and(inArray(cases.id, ids), sql`${cases.lockedBy} is not null`));
}

/** How many of the cases the actor may see were created in the period, per status (statuses with none left out). */
export function countCasesPerStatus(db: DbOrTx, actor: Actor, period: MetricPeriod) {
  return db
    .select({ status: cases.status, count: count() })
    .from(cases)
    .where(and(caseScope(actor), gte(cases.createdAt, period.from), lt(cases.createdAt, period.to)))
    .groupBy(cases.status);
}
