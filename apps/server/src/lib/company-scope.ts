import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from './actor';

/**
 * The one place that says which companies' rows an actor may see: a condition on a row's company
 * column, or undefined for back-office staff who see every company. Every repository that reads
 * company data adds it to its where clause, so another company's record is simply not found (404).
 * The partner hierarchy (resellers see the companies below them) extends this function.
 */
export function companyScope(actor: Actor, companyColumn: PgColumn): SQL | undefined {
  if (actor.isStaff) return undefined;
  return eq(companyColumn, actor.companyId);
}
