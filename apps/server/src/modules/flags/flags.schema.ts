import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { users } from '../users/users.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Flag and tag definitions (ADR 0054): one list for the whole portal, kept by the back office.
 * A name is unique per kind, whatever its case.
 */
export const flags = backend.table(
  'flags',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** 'flag' (at most one per record) or 'tag' (any number). */
    kind: text('kind').notNull(),
    /** #RRGGBB, upper case. */
    colour: text('colour').notNull(),
    description: text('description'),
    /** The kinds of record it may label: 'company', 'case'. */
    appliesTo: text('applies_to').array().notNull(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('flags_kind_name_idx').on(t.kind, sql`lower(${t.name})`),
    check('flags_kind_check', sql`${t.kind} in ('flag', 'tag')`),
  ],
);

/**
 * The flag of a record, for any kind of record (record_type 'company', later 'case'): at most one per
 * record. No foreign key reaches the record itself, so every labelled area shares this table and
 * POST /update-flags; an area that removes records for good removes their rows here too.
 */
export const recordFlags = backend.table(
  'record_flags',
  {
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    flagId: uuid('flag_id')
      .notNull()
      .references(() => flags.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recordType, t.recordId] }),
    index('record_flags_flag_idx').on(t.flagId, t.recordType),
    check('record_flags_record_type_check', sql`${t.recordType} in ('company', 'case')`),
  ],
);

/** The tags of a record (any number per record), keyed like record_flags. */
export const recordTags = backend.table(
  'record_tags',
  {
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => flags.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recordType, t.recordId, t.tagId] }),
    index('record_tags_tag_idx').on(t.tagId, t.recordType),
    check('record_tags_record_type_check', sql`${t.recordType} in ('company', 'case')`),
  ],
);
