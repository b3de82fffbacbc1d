import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personName } from '../../db/person-name';
import type { Actor } from '../../lib/actor';
import type { ResultFileRow } from '../cases';
import { caseResultFiles, caseResults, cases } from '../cases/cases.schema';
import { caseScope } from '../cases/cases.tables';
import { users } from '../users/users.schema';
import { caseRatings } from './case-results.schema';

export type RatingRow = typeof caseRatings.$inferSelect;

// The result versions themselves are written with their case (cases' repository: insertResult, updateResult,
// insertResultFiles, listResults), in the case's transactions; this is what the results area reads and its ratings.

export async function listResultFiles(db: DbOrTx, resultIds: string[]): Promise<ResultFileRow[]> {
  if (!resultIds.length) return [];
  return db
    .select()
    .from(caseResultFiles)
    .where(inArray(caseResultFiles.resultId, resultIds))
    .orderBy(asc(caseResultFiles.createdAt), asc(caseResultFiles.id));
}

export async function listRatings(db: DbOrTx, resultIds: string[]) {
  if (!resultIds.length) return [];
  return db
    .select({ rating: caseRatings, userName: personName(sql`rater`) })
    .from(caseRatings)
    .leftJoin(sql`${users} as rater`, sql`rater.id = ${caseRatings.userId}`)
    .where(inArray(caseRatings.resultId, resultIds))
    .orderBy(desc(caseRatings.updatedAt));
}

/** A result with its case, if the actor may see the case; hidden results only for staff. */
export async function findVisibleResult(db: DbOrTx, actor: Actor, resultId: string) {
  const [row] = await visibleResultQuery(db, actor, resultId);
  return row;
}

/** The same, locked until the transaction ends (the result and its case). */
export async function lockVisibleResult(db: DbOrTx, actor: Actor, resultId: string) {
  const [row] = await visibleResultQuery(db, actor, resultId).for('update');
  return row;
}

function visibleResultQuery(db: DbOrTx, actor: Actor, resultId: string) {
  return db
    .select({ result: caseResults, case: cases })
    .from(caseResults)
    .innerJoin(cases, eq(cases.id, caseResults.caseId))
    .where(
      and(
        eq(caseResults.id, resultId),
        caseScope(actor),
        actor.isStaff ? undefined : sql`${caseResults.status} <> 'hidden'`,
      ),
    )
    .$dynamic();
}

export async function findVisibleResultFile(db: DbOrTx, actor: Actor, fileId: string) {
  const [row] = await db
    .select({ file: caseResultFiles, result: caseResults })
    .from(caseResultFiles)
    .innerJoin(caseResults, eq(caseResults.id, caseResultFiles.resultId))
    .innerJoin(cases, eq(cases.id, caseResults.caseId))
    .where(
      and(
        eq(caseResultFiles.id, fileId),
        caseScope(actor),
        actor.isStaff ? undefined : sql`${caseResults.status} <> 'hidden'`,
      ),
    );
  return row;
}

export async function upsertRating(db: DbOrTx, values: typeof caseRatings.$inferInsert): Promise<RatingRow> {
  const [row] = await db
    .insert(caseRatings)
    .values(values)
    .onConflictDoUpdate({
      target: [caseRatings.resultId, caseRatings.userId],
      set: { stars: values.stars, reasons: values.reasons, comment: values.comment, updatedAt: new Date() },
    })
    .returning();
  return row!;
}
