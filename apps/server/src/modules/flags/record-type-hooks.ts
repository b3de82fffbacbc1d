import type { FlagAssignableType } from '@cuspid/contracts/flags';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { RecordLabels } from './flags.repository';

/** One record whose labels a call changed, as it was and as it is now. */
export type LabelChange = { id: string; before: RecordLabels; after: RecordLabels };

/**
 * What the area owning a record type adds to a change of its records' labels (ADR 0054): its own refusals
 * and its own bookkeeping, in the change's transaction. The flags area knows no area's rules; an area that
 * has some registers them from its index.ts (the cases area: a locked case, the case log, the live event).
 */
export type RecordTypeHooks = {
  /**
   * Called with the records locked, before anything changes: throws an AppError to refuse the whole call
   * (all or none). Not called when a definition is deleted (that is the definitions' administration).
   */
  assertChangeable?(tx: DbOrTx, actor: Actor, ids: string[]): Promise<void>;
  /** Called after the labels changed, only with the records whose labels differ. */
  changed?(tx: DbOrTx, actor: Actor, changes: LabelChange[]): Promise<void>;
};

const hooks = new Map<FlagAssignableType, RecordTypeHooks>();

/** Registers the owning area's hooks for a record type (one set per type; a second call replaces it). */
export function hookRecordType(type: FlagAssignableType, typeHooks: RecordTypeHooks): void {
  hooks.set(type, typeHooks);
}

export const hooksOf = (type: FlagAssignableType): RecordTypeHooks => hooks.get(type) ?? {};

const labelKey = (labels: RecordLabels) => `${labels.flag?.id ?? ''}|${labels.tags.map((t) => t.id).join(',')}`;

/** The records of `ids` whose labels differ between the two readings. */
export function labelChanges(
  ids: string[],
  before: Map<string, RecordLabels>,
  after: Map<string, RecordLabels>,
): LabelChange[] {
  return ids.flatMap((id) => {
    const was = before.get(id);
    const now = after.get(id);
    return was && now && labelKey(was) !== labelKey(now) ? [{ id, before: was, after: now }] : [];
  });
}
