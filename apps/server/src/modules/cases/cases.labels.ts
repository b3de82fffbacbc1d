import type { CaseLogText } from '@cuspid/contracts/cases';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { LabelChange, RecordTypeHooks } from '../flags';
import { byActor, logCase } from './cases.machine';
import { passesLock } from './cases.policy';
import * as repo from './cases.repository';

/**
 * A case's flag and tags (POST /update-flags with type `case`) follow the case's own rules: a locked case
 * refuses them like any other change, and every change is a case log line and a live event.
 */
export const caseLabelHooks: RecordTypeHooks = {
  async assertChangeable(tx: DbOrTx, actor: Actor, ids: string[]) {
    const refused = (await repo.listLocks(tx, ids)).find((row) => !passesLock(actor, row));
    if (refused) throw new AppError('CASE_LOCKED', { params: { name: refused.lockedByName ?? 'another user' } });
  },
  async changed(tx: DbOrTx, actor: Actor, changes: LabelChange[]) {
    for (const change of changes) {
      await logCase(tx, change.id, byActor(actor), {
        kind: 'labels',
        ...describeLabelChange(change),
        details: {
          flag: change.after.flag?.name ?? null,
          tags: change.after.tags.map((tag) => tag.name),
        },
      });
      await repo.notifyCaseChanged(tx, change.id);
    }
  },
};

/** What changed (names as they were when the change was made): "Flag: Urgent; tags added: Implant" in English. */
export function describeLabelChange({ before, after }: Pick<LabelChange, 'before' | 'after'>): CaseLogText {
  const flagChanged = (before.flag?.id ?? null) !== (after.flag?.id ?? null);
  const had = new Set(before.tags.map((tag) => tag.id));
  const has = new Set(after.tags.map((tag) => tag.id));
  return {
    code: 'labels',
    params: {
      flag: flagChanged ? (after.flag?.name ?? null) : null,
      flag_removed: flagChanged && !after.flag ? (before.flag?.name ?? null) : null,
      added: after.tags.filter((tag) => !had.has(tag.id)).map((tag) => tag.name),
      removed: before.tags.filter((tag) => !has.has(tag.id)).map((tag) => tag.name),
    },
  };
}
