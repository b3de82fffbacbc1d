// Locking a case for editing, and unlocking it.
import type { Case } from '@cuspid/contracts/cases';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { changeCase } from './cases.change';
import { byActor, logCase } from './cases.machine';
import * as repo from './cases.repository';

/** Sets or clears the case's lock: the case's log, its live event and the audit trail say who and when. */
async function setLock(tx: DbOrTx, actor: Actor, row: repo.CaseRow, lockedBy: string | null): Promise<void> {
  await repo.updateCase(tx, row.id, { lockedBy, lockedAt: lockedBy ? new Date() : null });
  await logCase(tx, row.id, byActor(actor), { kind: 'lock', code: lockedBy ? 'locked' : 'unlocked', params: {} });
  await repo.notifyCaseChanged(tx, row.id);
  await recordAudit(tx, actor, {
    entity: 'case',
    entityId: row.id,
    action: 'update',
    companyId: row.companyId,
    before: { locked_by: row.lockedBy },
    after: { locked_by: lockedBy },
  });
}

export async function lockCase(deps: Deps, actor: Actor, id: string): Promise<Case> {
  return changeCase(deps, actor, id, async (tx, row) => {
    if (row.lockedBy === actor.userId) return;
    await setLock(tx, actor, row, actor.userId);
  });
}

export async function unlockCase(deps: Deps, actor: Actor, id: string): Promise<Case> {
  return changeCase(deps, actor, id, async (tx, row) => {
    if (!row.lockedBy) throw new AppError('CASE_NOT_LOCKED');
    await setLock(tx, actor, row, null);
  });
}
