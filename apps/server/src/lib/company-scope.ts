import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { companies } from '../modules/companies/companies.schema';
import type { Actor } from './actor';

/**
 * The companies a partner company may see (ADR 0050): itself; every company below it through the
 * reseller chain, at any depth; and the companies that name it as sales partner or service partner
 * (one level). Deleted companies are never visible. `union` (not `union all`) makes the recursion stop
 * even if bad data ever formed a cycle.
 */
export function visibleCompanyIds(companyId: string | Placeholder): SQL {
  return sql`(
    with recursive reseller_tree(id) as (
      select c.id from ${companies} c where c.id = ${companyId} and c.deleted_at is null
      union
      select c.id from ${companies} c join reseller_tree t on c.reseller_id = t.id where c.deleted_at is null
    )
    select id from reseller_tree
    union
    select c.id from ${companies} c
    where c.deleted_at is null and (c.sales_partner_id = ${companyId} or c.service_partner_id = ${companyId})
  )`;
}

/**
 * The one place that says which companies' rows an actor may see: a condition on a row's company
 * column, usable in any repository's where clause (every area whose records belong to a company), or undefined for back-office staff, who see every company. Another company's record is
 * therefore simply not found (404, never 403).
 */
export function companyScope(actor: Actor, companyColumn: PgColumn): SQL | undefined {
  if (actor.isStaff) return undefined;
  return sql`${companyColumn} in ${visibleCompanyIds(actor.companyId)}`;
}
