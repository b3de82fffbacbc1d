import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
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
