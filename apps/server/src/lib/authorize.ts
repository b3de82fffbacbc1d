import type { Actor } from './actor';
import { AppError } from './errors';

/**
 * What one action on one kind of record needs, as plain predicates (the `<area>.policy.ts` files hold
 * them, and nothing else decides who may do what):
 * - `see`: whether the actor may know the record exists at all. The repository's query says the same
 *   in SQL (company scope); `see` is for rules the query cannot carry alone. Default: every record the
 *   query returned.
 * - `allow`: whether the actor may do the action on a record it sees.
 * - `refuse`: the error of a refusal, for an area error code with parameters. Default: FORBIDDEN.
 */
export type Policy<Row> = {
  see?: (actor: Actor, row: Row) => boolean;
  allow: (actor: Actor, row: Row) => boolean;
  refuse?: (actor: Actor, row: Row) => AppError;
};

/**
 * The one check before an action: NOT_FOUND for a record the actor may not see (or that does not
 * exist; another company's record is never a 403), the policy's refusal for one it sees but may not
 * act on. Returns the row, so a service reads `const company = authorize(actor, policy, await repo.find…)`.
 */
export function authorize<Row>(actor: Actor, policy: Policy<Row>, row: Row | null | undefined): Row {
  if (row === null || row === undefined) throw new AppError('NOT_FOUND');
  if (policy.see && !policy.see(actor, row)) throw new AppError('NOT_FOUND');
  if (!policy.allow(actor, row)) throw policy.refuse?.(actor, row) ?? new AppError('FORBIDDEN');
  return row;
}

/** The same rules as a yes/no, for lists and for bulk calls that refuse per row. */
export function permits<Row>(actor: Actor, policy: Policy<Row>, row: Row): boolean {
  return (policy.see?.(actor, row) ?? true) && policy.allow(actor, row);
}
