import type { CaseStatus } from '@cuspid/contracts/cases';
import { and, eq, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { visibleCompanyIds } from '../../lib/company-scope';
import { cases } from './cases.schema';

// Which cases a caller sees, said once (ADR 0102, 0130), and what other areas may ask of the cases' tables.

/** The status of a case that only the back office sees. */
const HIDDEN: CaseStatus = 'hidden';

/** Whether a case of this status is shown outside the back office: every status but hidden. */
export const shownToCompanies = (status: string): boolean => status !== HIDDEN;

/** shownToCompanies as an SQL condition on a case's status. */
const shownToCompaniesSql = (status: SQLWrapper): SQL => sql`${status} <> ${sql.raw(`'${HIDDEN}'`)}`;

/**
 * The cases an actor may see: the cases of the companies in its scope (ADR 0050) and of those not the hidden
 * ones; undefined for the back office, which sees every case. A statement prepared once per shape passes a
 * placeholder for the actor's company (`company`).
 */
export function caseScope(
  actor: Pick<Actor, 'isStaff' | 'companyId'>,
  company: string | Placeholder = actor.companyId,
): SQL | undefined {
  if (actor.isStaff) return undefined;
  return sql`${cases.companyId} in ${visibleCompanyIds(company)} and ${shownToCompaniesSql(cases.status)}`;
}

const visibleTo = (actor: Actor): SQL => caseScope(actor) ?? sql`true`;

/** A subquery of the ids of the cases the actor may see, to filter another area's rows by. */
export const visibleCaseIds = (actor: Actor): SQL => sql`(select ${cases.id} from ${cases} where ${visibleTo(actor)})`;

/**
 * Of the given ids, the cases the actor may see with their companies, locked until the transaction ends (two
 * changes of the same cases then apply one after the other).
 */
export async function lockVisibleCases(db: DbOrTx, actor: Actor, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: cases.id, companyId: cases.companyId })
    .from(cases)
    .where(and(inArray(cases.id, ids), visibleTo(actor)))
    .for('update');
}

/** The company of each of the given cases, whoever may see them. */
export async function companiesOfCases(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: cases.id, companyId: cases.companyId }).from(cases).where(inArray(cases.id, ids));
}

/** A case of the company that the company is shown (not a hidden one); undefined otherwise. */
export async function findCompanyCase(db: DbOrTx, companyId: string, caseId: string) {
  const [row] = await db
    .select({ id: cases.id, name: cases.name })
    .from(cases)
    .where(and(eq(cases.id, caseId), eq(cases.companyId, companyId), shownToCompaniesSql(cases.status)));
  return row;
}

/** The name of the case `caseId` names, as a column of another area's list. */
export const caseNameOf = (caseId: SQLWrapper): SQL<string | null> =>
  sql`(select c.name from ${cases} c where c.id = ${caseId})`;

/** The name of the case `caseId` names while its company is shown it (a hidden case keeps its id only). */
export const shownCaseNameOf = (caseId: SQLWrapper): SQL<string | null> =>
  sql`(select c.name from ${cases} c where c.id = ${caseId} and ${shownToCompaniesSql(sql`c.status`)})`;
