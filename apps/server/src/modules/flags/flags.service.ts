import { allDone } from '@cuspid/contracts';
import {
  defaultFlagColour,
  type Flag,
  type FlagInput,
  type FlagKind,
  type FlagListQuery,
  type FlagRecordType,
  type FlagsUpdate,
  type FlagsUpdateResponse,
  type FlagUpdate,
} from '@cuspid/contracts/flags';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { type AuditEntry, recordAudit, recordAudits } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { AppError, type FieldErrors, notFound } from '../../lib/errors';
import { labelPolicy } from './flags.policy';
import * as repo from './flags.repository';
import { hooksOf, labelChanges } from './record-type-hooks';
import { RECORD_TYPES } from './record-types.repository';

const KIND_NOUN: Record<FlagKind, string> = { flag: 'flag', tag: 'tag' };
const nameTaken = (kind: FlagKind, name: string) =>
  new AppError('FLAG_NAME_TAKEN', { params: { context: kind, name } });
const capitalised = (kind: FlagKind) => `${KIND_NOUN[kind][0]!.toUpperCase()}${KIND_NOUN[kind].slice(1)}`;

export function toFlag(row: repo.FlagWithUsage): Flag {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as FlagKind,
    colour: row.colour,
    description: row.description,
    applies_to: row.appliesTo as FlagRecordType[],
    usage_count: row.usageCount,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a definition (its usage is not part of it). */
const auditSnapshot = ({ usage_count: _usage, created_at: _created, updated_at: _updated, ...rest }: Flag) => rest;

/** What the audit trail keeps of a record's labels: ids for exactness, names for reading. */
const labelSnapshot = (labels: repo.RecordLabels) => ({
  flag_id: labels.flag?.id ?? null,
  flag: labels.flag?.name ?? null,
  tag_ids: labels.tags.map((t) => t.id),
  tags: labels.tags.map((t) => t.name),
});

/**
 * The refusals of one call, each on its field (the first per field counts); the answer carries the first
 * refusal's code and params, and every field's message.
 */
class Refusals {
  readonly errors: FieldErrors = {};
  private first: AppError | undefined;

  add(field: string, error: AppError) {
    if (this.errors[field]) return;
    this.errors[field] = [error.message];
    this.first ??= error;
  }

  throwIfAny() {
    if (this.first) throw new AppError(this.first.code, { params: this.first.params ?? {}, errors: this.errors });
  }
}

export async function listFlags(deps: Deps, actor: Actor, query: FlagListQuery) {
  const { data, total } = await repo.listFlags(deps.db, actor, query);
  return { data: data.map(toFlag), total };
}

export async function getFlag(deps: Deps, actor: Actor, id: string): Promise<Flag> {
  const [row] = await repo.findFlags(deps.db, actor, [id]);
  if (!row) throw notFound();
  return toFlag(row);
}

/**
 * Creates definitions, all or none: names must be free for their kind, also among the items
 * themselves (compared without case). `field` names each item in the field errors.
 */
async function insertDefinitions(
  tx: DbOrTx,
  actor: Actor,
  items: FlagInput[],
  field: (index: number, name: string) => string,
): Promise<Flag[]> {
  await repo.lockDefinitions(tx);
  const refusals = new Refusals();
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const key = `${item.kind}:${item.name.toLowerCase()}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else {
      refusals.add(
        field(i, 'name'),
        new AppError('FLAG_NAME_REPEATED', { params: { name: item.name, item: first + 1 } }),
      );
    }
  });
  for (const kind of ['flag', 'tag'] as const) {
    const names = items.filter((item) => item.kind === kind).map((item) => item.name);
    const taken = new Set((await repo.findFlagsByName(tx, kind, names)).map((r) => r.name.toLowerCase()));
    items.forEach((item, i) => {
      if (item.kind === kind && taken.has(item.name.toLowerCase())) {
        refusals.add(field(i, 'name'), nameTaken(kind, item.name));
      }
    });
  }
  refusals.throwIfAny();
  const rows = await repo.insertFlags(
    tx,
    items.map((item) => ({
      name: item.name,
      kind: item.kind,
      colour: item.colour ?? defaultFlagColour(item.name),
      description: item.description,
      appliesTo: item.applies_to,
      createdBy: actor.userId,
    })),
  );
  const created = rows.map((row) => toFlag({ ...row, usageCount: 0 }));
  await recordAudits(
    tx,
    actor,
    created.map((flag) => ({ entity: 'flag', entityId: flag.id, action: 'create', after: auditSnapshot(flag) })),
  );
  return created;
}

export async function createFlag(deps: Deps, actor: Actor, body: FlagInput): Promise<Flag> {
  const [created] = await deps.db.transaction((tx) => insertDefinitions(tx, actor, [body], (_i, name) => name));
  return created!;
}

/** POST /create-flags: several definitions at once, all or none. */
export async function createFlags(deps: Deps, actor: Actor, items: FlagInput[]) {
  const data = await deps.db.transaction((tx) =>
    insertDefinitions(tx, actor, items, (i, name) => `items.${i}.${name}`),
  );
  return {
    message: data.length === 1 ? 'One definition was created' : `${data.length} definitions were created`,
    data,
    ...allDone(data.map((flag) => flag.id)),
  };
}

/** Records of each type that carry the definition, whoever may see them. */
async function usageByType(tx: DbOrTx, id: string): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  for (const { recordType } of await repo.listRecordsCarrying(tx, id)) {
    usage.set(recordType, (usage.get(recordType) ?? 0) + 1);
  }
  return usage;
}

type AssignableType = keyof typeof RECORD_TYPES;

const records = (type: string, n: number) => {
  const handler = RECORD_TYPES[type as AssignableType];
  const noun = n === 1 ? (handler?.singular ?? 'record') : (handler?.plural ?? 'records');
  return `${n} ${noun}`;
};

/**
 * Updates a definition. Its kind, and the kinds of record it applies to, cannot change while records
 * carry it in a way the change would break: the answer names how many.
 */
export async function updateFlag(deps: Deps, actor: Actor, id: string, body: FlagUpdate): Promise<Flag> {
  return deps.db.transaction(async (tx) => {
    await repo.lockDefinitions(tx);
    const [existing] = await repo.findFlags(tx, actor, [id], 'update');
    if (!existing) throw notFound();
    const before = toFlag(existing);
    const kind = body.kind ?? before.kind;
    const usage = await usageByType(tx, id);
    const inUse = [...usage.values()].reduce((a, b) => a + b, 0);
    const refusals = new Refusals();
    if (body.name !== undefined || body.kind !== undefined) {
      const name = body.name ?? before.name;
      const taken = (await repo.findFlagsByName(tx, kind, [name])).some((r) => r.id !== id);
      if (taken) refusals.add('name', nameTaken(kind, name));
    }
    if (body.kind && body.kind !== before.kind && inUse > 0) {
      const params = { context: before.kind, kind: KIND_NOUN[body.kind], records: records('', inUse), count: inUse };
      refusals.add('kind', new AppError('FLAG_KIND_IN_USE', { params }));
    }
    if (body.applies_to) {
      const dropped = before.applies_to.filter((t) => !body.applies_to!.includes(t) && (usage.get(t) ?? 0) > 0);
      if (dropped.length) {
        const where = dropped.map((t) => records(t, usage.get(t)!)).join(' and ');
        const count = dropped.reduce((sum, t) => sum + usage.get(t)!, 0);
        refusals.add(
          'applies_to',
          new AppError('FLAG_IN_USE', { params: { context: before.kind, records: where, count } }),
        );
      }
    }
    refusals.throwIfAny();
    await repo.updateFlag(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.kind !== undefined ? { kind: body.kind } : {}),
      ...(body.colour !== undefined ? { colour: body.colour } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.applies_to !== undefined ? { appliesTo: body.applies_to } : {}),
    });
    const [row] = await repo.findFlags(tx, actor, [id]);
    const after = toFlag(row!);
    await recordAudit(tx, actor, {
      entity: 'flag',
      entityId: id,
      action: 'update',
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
    return after;
  });
}

/**
 * Deletes a definition and takes it off every record that carries it (as labels do elsewhere); each
 * such record gets its own audit entry, so its history shows the removal.
 */
export async function deleteFlag(deps: Deps, actor: Actor, id: string) {
  const { kind, removedFrom } = await deps.db.transaction(async (tx) => {
    await repo.lockDefinitions(tx);
    const [existing] = await repo.findFlags(tx, actor, [id], 'update');
    if (!existing) throw notFound();
    const carrying = await repo.listRecordsCarrying(tx, id);
    const entries: AuditEntry[] = [];
    const byType = new Map<AssignableType, string[]>();
    for (const { recordType, recordId } of carrying) {
      if (!(recordType in RECORD_TYPES)) continue;
      const type = recordType as AssignableType;
      const ids = byType.get(type) ?? [];
      ids.push(recordId);
      byType.set(type, ids);
    }
    const befores = new Map<AssignableType, Map<string, repo.RecordLabels>>();
    for (const [type, ids] of byType) befores.set(type, await repo.listRecordLabels(tx, type, ids));
    await repo.deleteFlag(tx, id);
    for (const [type, before] of befores) {
      const ids = [...before.keys()];
      const after = await repo.listRecordLabels(tx, type, ids);
      const changes = labelChanges(ids, before, after);
      if (changes.length) await hooksOf(type).changed?.(tx, actor, changes);
      const owners = new Map((await RECORD_TYPES[type].owners(tx, ids)).map((o) => [o.id, o.companyId]));
      for (const recordId of ids) {
        entries.push({
          entity: type,
          entityId: recordId,
          companyId: owners.get(recordId) ?? null,
          action: 'update',
          before: labelSnapshot(before.get(recordId)!),
          after: labelSnapshot(after.get(recordId)!),
        });
      }
    }
    await recordAudits(tx, actor, [
      ...entries,
      { entity: 'flag', entityId: id, action: 'delete', before: auditSnapshot(toFlag(existing)) },
    ]);
    return { kind: existing.kind as FlagKind, removedFrom: carrying.length };
  });
  const what = `The ${KIND_NOUN[kind]} was deleted`;
  if (!removedFrom) return { message: what };
  return { message: `${what} and removed from ${removedFrom === 1 ? '1 record' : `${removedFrom} records`}` };
}

/**
 * POST /update-flags: sets the flag and adds or removes tags on records of one type, all or none.
 * A record the actor may not see answers 404 and changes nothing; each changed record is audited.
 */
export async function updateRecordFlags(deps: Deps, actor: Actor, body: FlagsUpdate): Promise<FlagsUpdateResponse> {
  authorize(actor, labelPolicy, body.type);
  const handler = RECORD_TYPES[body.type];
  const ids = [...new Set(body.ids)];
  const addTagIds = [...new Set(body.add_tag_ids)];
  const removeTagIds = [...new Set(body.remove_tag_ids)];
  return deps.db.transaction(async (tx) => {
    const visible = await handler.lockVisible(tx, actor, ids);
    if (visible.length !== ids.length) throw notFound();
    const hooks = hooksOf(body.type);
    await hooks.assertChangeable?.(tx, actor, ids);

    // The definitions stay as they are until the change commits (a concurrent edit or delete waits).
    const named = [...new Set([...(body.flag_id ? [body.flag_id] : []), ...addTagIds, ...removeTagIds])];
    const definitions = new Map((await repo.findFlags(tx, actor, named, 'share')).map((d) => [d.id, d]));
    const refusals = new Refusals();
    const check = (field: string, id: string, kind: FlagKind, mustApply: boolean) => {
      const d = definitions.get(id);
      if (!d || d.kind !== kind) refusals.add(field, new AppError('FLAG_NOT_FOUND', { params: { context: kind } }));
      else if (mustApply && !d.appliesTo.includes(body.type)) {
        const params = {
          context: kind,
          label: capitalised(kind),
          name: d.name,
          records: handler.plural,
          record_type: body.type,
        };
        refusals.add(field, new AppError('FLAG_NOT_APPLICABLE', { params }));
      }
    };
    if (body.flag_id) check('flag_id', body.flag_id, 'flag', true);
    for (const tagId of addTagIds) check('add_tag_ids', tagId, 'tag', true);
    for (const tagId of removeTagIds) check('remove_tag_ids', tagId, 'tag', false);
    refusals.throwIfAny();

    const before = await repo.listRecordLabels(tx, body.type, ids);
    // The records stay locked (lockVisible above); the removals carry the scope in their statements too.
    if (body.flag_id !== undefined) await repo.setRecordFlag(tx, actor, body.type, ids, body.flag_id);
    await repo.addRecordTags(tx, actor, body.type, ids, addTagIds);
    await repo.removeRecordTags(tx, actor, body.type, ids, removeTagIds);
    const after = await repo.listRecordLabels(tx, body.type, ids);
    const changes = labelChanges(ids, before, after);
    if (changes.length) await hooks.changed?.(tx, actor, changes);

    const owners = new Map(visible.map((r) => [r.id, r.companyId]));
    await recordAudits(
      tx,
      actor,
      ids.map((id) => ({
        entity: body.type,
        entityId: id,
        companyId: owners.get(id) ?? null,
        action: 'update' as const,
        before: labelSnapshot(before.get(id)!),
        after: labelSnapshot(after.get(id)!),
      })),
    );
    const noun = ids.length === 1 ? handler.singular : handler.plural;
    return {
      message:
        ids.length === 1 ? `The labels of the ${noun} were saved` : `The labels of ${ids.length} ${noun} were saved`,
      data: ids.map((id) => ({ id, ...after.get(id)! })),
      ...allDone(ids),
    };
  });
}
