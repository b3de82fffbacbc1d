import {
  FLAG_ASSIGNABLE_TYPES,
  type FlagAssignableType,
  type FlagKind,
  type FlagListQuery,
  type FlagRef,
} from '@cuspid/contracts/flags';
import { and, arrayContains, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import type { Actor } from '../../lib/actor';
import { flags, recordFlags, recordTags } from './flags.schema';
import { RECORD_TYPES } from './record-types.repository';

export type FlagRow = typeof flags.$inferSelect;
export type FlagWithUsage = FlagRow & { usageCount: number };
export type RecordLabels = { flag: FlagRef | null; tags: FlagRef[] };

const sortColumns = { name: flags.name, kind: flags.kind, created_at: flags.createdAt } as const;

/** Records carrying the definition (as flag or as tag) that the actor may see. */
function visibleUsage(actor: Actor): SQL<number> {
  const counts = FLAG_ASSIGNABLE_TYPES.map((type) => {
    const visible = RECORD_TYPES[type].visibleIds(actor);
    return sql`(select count(*) from ${recordFlags} where ${recordFlags.flagId} = ${flags.id}
        and ${recordFlags.recordType} = ${type} and ${recordFlags.recordId} in ${visible})
      + (select count(*) from ${recordTags} where ${recordTags.tagId} = ${flags.id}
        and ${recordTags.recordType} = ${type} and ${recordTags.recordId} in ${visible})`;
  });
  return sql<number>`(${sql.join(counts, sql` + `)})::int`.mapWith(Number);
}

export async function listFlags(db: DbOrTx, actor: Actor, query: FlagListQuery) {
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    search ? or(ilike(flags.name, search), ilike(flags.description, search)) : undefined,
    query.kind ? eq(flags.kind, query.kind) : undefined,
    query.applies_to ? arrayContains(flags.appliesTo, [query.applies_to]) : undefined,
  );
  const order = query.sort_dir === 'desc' ? desc : asc;
  const { data, total } = await listPage(
    db,
    db
      .select({ flag: flags, usageCount: visibleUsage(actor) })
      .from(flags)
      .where(where)
      .orderBy(order(sortColumns[query.sort_by]), asc(sql`lower(${flags.name})`), asc(flags.id))
      .$dynamic(),
    db.select(oneRow).from(flags).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: data.map((r) => ({ ...r.flag, usageCount: r.usageCount })), total };
}

/** Definitions by id with their usage visible to the actor; `lock` holds them until the transaction ends. */
export async function findFlags(
  db: DbOrTx,
  actor: Actor,
  ids: string[],
  lock?: 'update' | 'share',
): Promise<FlagWithUsage[]> {
  if (!ids.length) return [];
  const base = db
    .select({ flag: flags, usageCount: visibleUsage(actor) })
    .from(flags)
    .where(inArray(flags.id, ids));
  // Postgres refuses FOR UPDATE beside aggregates in the same select: lock first, then read.
  if (lock) await db.select({ id: flags.id }).from(flags).where(inArray(flags.id, ids)).for(lock);
  const rows = await base;
  return rows.map((r) => ({ ...r.flag, usageCount: r.usageCount }));
}

/** Definitions of that kind whose names equal one of the given names, whatever the case. */
export async function findFlagsByName(db: DbOrTx, kind: FlagKind, names: string[]): Promise<FlagRow[]> {
  if (!names.length) return [];
  return db
    .select()
    .from(flags)
    .where(
      and(
        eq(flags.kind, kind),
        inArray(
          sql`lower(${flags.name})`,
          names.map((n) => n.toLowerCase()),
        ),
      ),
    );
}

/**
 * Definition writes take this lock first, so "is the name free?" and the insert cannot interleave
 * with another writer (the unique index stays the last guard).
 */
export async function lockDefinitions(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('backend.flags'))`);
}

export async function insertFlags(db: DbOrTx, values: (typeof flags.$inferInsert)[]): Promise<FlagRow[]> {
  if (!values.length) return [];
  return db.insert(flags).values(values).returning();
}

export async function updateFlag(db: DbOrTx, id: string, values: Partial<typeof flags.$inferInsert>) {
  await db
    .update(flags)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(flags.id, id));
}

export async function deleteFlag(db: DbOrTx, id: string) {
  await db.delete(flags).where(eq(flags.id, id));
}

/** Every record carrying the definition, visible to anyone or not, per record type. */
export async function listRecordsCarrying(db: DbOrTx, id: string): Promise<{ recordType: string; recordId: string }[]> {
  const [asFlag, asTag] = await Promise.all([
    db
      .select({ recordType: recordFlags.recordType, recordId: recordFlags.recordId })
      .from(recordFlags)
      .where(eq(recordFlags.flagId, id)),
    db
      .select({ recordType: recordTags.recordType, recordId: recordTags.recordId })
      .from(recordTags)
      .where(eq(recordTags.tagId, id)),
  ]);
  return [...asFlag, ...asTag];
}

/** The flag and tags of each record (records without any get empty labels). */
export async function listRecordLabels(
  db: DbOrTx,
  type: FlagAssignableType,
  ids: string[],
): Promise<Map<string, RecordLabels>> {
  const labels = new Map<string, RecordLabels>(ids.map((id) => [id, { flag: null, tags: [] }]));
  // Bound the parameters of one statement (a definition being deleted may sit on many records).
  for (let i = 0; i < ids.length; i += LABEL_BATCH) await readLabels(db, type, ids.slice(i, i + LABEL_BATCH), labels);
  return labels;
}

const LABEL_BATCH = 5000;

async function readLabels(db: DbOrTx, type: FlagAssignableType, ids: string[], labels: Map<string, RecordLabels>) {
  const ref = { id: flags.id, name: flags.name, colour: flags.colour };
  const [flagRows, tagRows] = await Promise.all([
    db
      .select({ recordId: recordFlags.recordId, ...ref })
      .from(recordFlags)
      .innerJoin(flags, eq(flags.id, recordFlags.flagId))
      .where(and(eq(recordFlags.recordType, type), inArray(recordFlags.recordId, ids))),
    db
      .select({ recordId: recordTags.recordId, ...ref })
      .from(recordTags)
      .innerJoin(flags, eq(flags.id, recordTags.tagId))
      .where(and(eq(recordTags.recordType, type), inArray(recordTags.recordId, ids)))
      .orderBy(asc(sql`lower(${flags.name})`), asc(flags.id)),
  ]);
  for (const { recordId, ...flag } of flagRows) labels.get(recordId)!.flag = flag;
  for (const { recordId, ...tag } of tagRows) labels.get(recordId)!.tags.push(tag);
}

/**
 * Sets (or with null removes) the flag of records the actor may see. Removals carry the record type's scope
 * in the statement; additions name records the caller locked as visible in the same transaction.
 */
export async function setRecordFlag(
  db: DbOrTx,
  actor: Actor,
  type: FlagAssignableType,
  ids: string[],
  flagId: string | null,
) {
  if (!ids.length) return;
  const assignedBy = actor.userId;
  if (!flagId) {
    await db
      .delete(recordFlags)
      .where(
        and(
          eq(recordFlags.recordType, type),
          inArray(recordFlags.recordId, ids),
          sql`${recordFlags.recordId} in ${RECORD_TYPES[type].visibleIds(actor)}`,
        ),
      );
    return;
  }
  await db
    .insert(recordFlags)
    .values(ids.map((recordId) => ({ recordType: type, recordId, flagId, assignedBy })))
    .onConflictDoUpdate({
      target: [recordFlags.recordType, recordFlags.recordId],
      set: { flagId, assignedBy, assignedAt: new Date() },
      // Re-setting the same flag keeps who set it first and when.
      setWhere: sql`${recordFlags.flagId} <> excluded.flag_id`,
    });
}

/** Adds tags to records the caller locked as visible to the actor in the same transaction. */
export async function addRecordTags(
  db: DbOrTx,
  actor: Actor,
  type: FlagAssignableType,
  ids: string[],
  tagIds: string[],
) {
  if (!ids.length || !tagIds.length) return;
  const assignedBy = actor.userId;
  await db
    .insert(recordTags)
    .values(ids.flatMap((recordId) => tagIds.map((tagId) => ({ recordType: type, recordId, tagId, assignedBy }))))
    .onConflictDoNothing();
}

/** Removes tags from records the actor may see (the scope is part of the statement). */
export async function removeRecordTags(
  db: DbOrTx,
  actor: Actor,
  type: FlagAssignableType,
  ids: string[],
  tagIds: string[],
) {
  if (!ids.length || !tagIds.length) return;
  await db
    .delete(recordTags)
    .where(
      and(
        eq(recordTags.recordType, type),
        inArray(recordTags.recordId, ids),
        inArray(recordTags.tagId, tagIds),
        sql`${recordTags.recordId} in ${RECORD_TYPES[type].visibleIds(actor)}`,
      ),
    );
}

/** A condition for a list of records of that type: the record carries this flag. */
export function carriesFlag(type: FlagAssignableType, idColumn: PgColumn, flagId: string): SQL {
  return sql`exists (select 1 from ${recordFlags} where ${recordFlags.recordType} = ${type}
    and ${recordFlags.recordId} = ${idColumn} and ${recordFlags.flagId} = ${flagId})`;
}

/** A condition for a list of records of that type: the record carries this tag. */
export function carriesTag(type: FlagAssignableType, idColumn: PgColumn, tagId: string): SQL {
  return sql`exists (select 1 from ${recordTags} where ${recordTags.recordType} = ${type}
    and ${recordTags.recordId} = ${idColumn} and ${recordTags.tagId} = ${tagId})`;
}
