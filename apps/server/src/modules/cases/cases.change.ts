// What the case actions share: a change to one locked case after the lock check, and one action on many cases.
import type { BulkItemResult, BulkResult } from '@cuspid/contracts';
import type { Case } from '@cuspid/contracts/cases';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import { assertUnlocked, byActor } from './cases.machine';
import { changePolicy } from './cases.policy';
import { getCase } from './cases.read';
import * as repo from './cases.repository';

/** Runs `change` on the locked case after the lock check, and answers the case as it is afterwards. */
export async function changeCase(
  deps: Deps,
  actor: Actor,
  id: string,
  change: (tx: DbOrTx, row: repo.CaseRow) => Promise<void>,
): Promise<Case> {
  return deps.db.transaction(async (tx) => {
    const row = authorize(actor, changePolicy, await repo.lockVisibleCase(tx, actor, id));
    assertUnlocked(byActor(actor), row, await lockerName(tx, row));
    await change(tx, row);
    return getCase(deps, actor, id, tx);
  });
}

/** The lock check of a change `actor` makes to a case it holds locked in this transaction (423 naming the locker). */
export async function assertCaseUnlocked(db: DbOrTx, actor: Actor, row: repo.CaseRow): Promise<void> {
  assertUnlocked(byActor(actor), row, await lockerName(db, row));
}

async function lockerName(db: DbOrTx, row: repo.CaseRow): Promise<string | null> {
  if (!row.lockedBy) return null;
  const user = await repo.findUserContact(db, row.lockedBy);
  if (!user) return null;
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.mail;
}

/**
 * Runs one action on many cases in one transaction (ADR 0038): each case is done or refused with the code
 * and message a single call would answer; cases the actor may not see are refused as not found.
 * Refusals do not roll back the others.
 */
export async function bulk(
  deps: Deps,
  actor: Actor,
  ids: string[],
  action: (tx: DbOrTx, row: repo.CaseRow) => Promise<void>,
): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  return deps.db.transaction(async (tx) => {
    const rows = new Map((await repo.lockVisibleCases(tx, actor, unique)).map((r) => [r.id, r]));
    // A call that names no case the actor may see addresses nothing: 404, like a single call.
    if (!rows.size) throw new AppError('NOT_FOUND');
    const results: BulkItemResult[] = [];
    for (const id of unique) {
      const row = rows.get(id);
      if (!row) {
        results.push(refused(id, new AppError('NOT_FOUND')));
        continue;
      }
      try {
        // A savepoint per case: a refusal after a partial write leaves nothing of that case behind.
        await tx.transaction(async (inner) => action(inner, row));
        results.push({ id, ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push(refused(id, err));
      }
    }
    return { results };
  });
}

const refused = (id: string, err: AppError): BulkItemResult => ({
  id,
  ok: false,
  code: err.code,
  message: err.message,
});
