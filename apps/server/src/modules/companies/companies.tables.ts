import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { companies } from './companies.schema';

// What other areas may ask of the companies' tables (ADR 0130).

/** Of the given ids, the live companies the actor may see, locked until the transaction ends. */
export async function lockVisibleCompanies(db: DbOrTx, actor: Actor, ids: string[]): Promise<{ id: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, ids), isNull(companies.deletedAt), companyScope(actor, companies.id)))
    .for('update');
}

/** A subquery of the ids of the live companies the actor may see, to filter another area's rows by. */
export function visibleCompanyIdsOf(actor: Actor): SQL {
  const scope = companyScope(actor, companies.id);
  return sql`(select ${companies.id} from ${companies} where ${companies.deletedAt} is null${
    scope ? sql` and ${scope}` : sql``
  })`;
}

/** The name of the company `companyId` names, as a column of another area's rows. */
export const companyNameOf = (companyId: SQLWrapper): SQL<string> =>
  sql`(select c.company_name from ${companies} c where c.id = ${companyId})`;

/** A company's name. */
export async function findCompanyName(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: companies.companyName }).from(companies).where(eq(companies.id, id));
  return row?.name;
}

/** The ids of the operator's companies (the back office), as a subquery. */
export const operatorCompanyIds: SQL = sql`(select c.id from ${companies} c where c.is_operator)`;
