// Locking a case for editing, and unlocking it.
import type { Case } from '@cuspid/contracts/cases';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { changeCase } from './cases.change';
import { byActor, logCase } from './cases.machine';
import * as repo from './cases.repository';

export async function lockCase(deps: Deps, actor: Actor, id: string): Promise<Case> {
  return changeCase(deps, actor, id, async (tx, row) => {
    if (row.lockedBy === actor.userId) return;
    await repo.updateCase(tx, id, { lockedBy: actor.userId, lockedAt: new Date() });
    await logCase(tx, id, byActor(actor), { kind: 'lock', code: 'locked', params: {} });
    await repo.notifyCaseChanged(tx, id);
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: id,
      action: 'update',
      companyId: row.companyId,
      before: { locked_by: row.lockedBy },
      after: { locked_by: actor.userId },
    });
  });
}

export async function unlockCase(deps: Deps, actor: Actor, id: string): Promise<Case> {
  return changeCase(deps, actor, id, async (tx, row) => {
    if (!row.lockedBy) throw new AppError('CASE_NOT_LOCKED');
    await repo.updateCase(tx, id, { lockedBy: null, lockedAt: null });
    await logCase(tx, id, byActor(actor), { kind: 'lock', code: 'unlocked', params: {} });
    await repo.notifyCaseChanged(tx, id);
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: id,
      action: 'update',
      companyId: row.companyId,
      before: { locked_by: row.lockedBy },
      after: { locked_by: null },
    });
  });
}
