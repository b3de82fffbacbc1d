import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { backend, companies } from './companies';
import { mailTemplates } from './mail';
import { roles } from './roles';
import { users } from './users';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Bank accounts of a company (spec section 3: bank details and accounts); at most one is the default. */
export const companyBankAccounts = backend.table(
  'company_bank_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountHolder: text('account_holder'),
    bankName: text('bank_name'),
    iban: text('iban').notNull(),
    bic: text('bic'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('company_bank_accounts_company_idx').on(t.companyId)],
);

/** Organisational units: a tree per company. */
export const units = backend.table(
  'units',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => units.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [index('units_company_idx').on(t.companyId), index('units_parent_idx').on(t.parentId)],
);

/** Which users belong to which units (a user may belong to several units of its company). */
export const unitUsers = backend.table(
  'unit_users',
  {
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.userId] }), index('unit_users_user_idx').on(t.userId)],
);

/** The one row of registration settings (id is always 1). */
export const registrationConfiguration = backend.table(
  'registration_configuration',
  {
    id: integer('id').primaryKey().default(1),
    /**
     * The role a registering user gets; only a role flagged canRegister counts. Null (or a role no longer
     * flagged canRegister): the roles flagged assignOnRegistration (ADR 0055).
     */
    roleId: uuid('role_id').references((): AnyPgColumn => roles.id, { onDelete: 'set null' }),
    /** Credits granted to a newly registered company (booked by the credits service). */
    freeCredits: integer('free_credits').notNull().default(0),
    captchaEnabled: boolean('captcha_enabled').notNull().default(true),
    /** Countries (ISO alpha-2) where a VAT id is required to register. */
    vatRequiredCountries: text('vat_required_countries').array().notNull().default(sql`'{}'::text[]`),
    /** Countries allowed to register; empty means every country. */
    allowedCountries: text('allowed_countries').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('registration_configuration_single_row', sql`${t.id} = 1`)],
);

/** Issued captchas: the answer is stored hashed; each is used once and expires. */
export const captchas = backend.table(
  'captchas',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** Which mail template each event uses (main backend: /api/mail-template-assignments). */
export const mailTemplateAssignments = backend.table('mail_template_assignments', {
  /** `<module>.<event>`, one of MAIL_EVENTS. */
  event: text('event').primaryKey(),
  templateId: uuid('template_id').references(() => mailTemplates.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which document template serves which generated document (spec: /document-assignment). One row per
 * document type that has a template; a type without a row has none. The template lives in the document
 * service (documents.files, kind 'template'); no foreign key crosses services, the service checks it.
 */
export const documentAssignments = backend.table('document_assignments', {
  documentType: text('document_type').primaryKey(),
  templateId: uuid('template_id').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
