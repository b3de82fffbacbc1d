import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from './client';

/**
 * The next sequence of `year` in a table of yearly counters (`year` primary key, `last_sequence`), under the year's
 * row lock until the transaction ends (ADR 0105): a rolled-back transaction gives its number back, and concurrent
 * ones wait for each other, so numbers run on without gaps or repeats. Invoice and ticket numbers are made so.
 */
export async function nextYearlySequence(db: DbOrTx, counters: PgTable, year: number): Promise<number> {
  const [row] = await queryRows<{ sequence: number | string }>(
    db,
    sql`insert into ${counters} (year, last_sequence) values (${year}, 1)
        on conflict (year) do update set last_sequence = ${counters}.last_sequence + 1
        returning last_sequence as sequence`,
  );
  return Number(row!.sequence);
}
