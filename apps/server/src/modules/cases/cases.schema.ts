import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { companies } from '../companies/companies.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const caseStatusCheck = (column: unknown) =>
  sql`${column} in ('in-approval', 'approved', 'rejected', 'finished', 'flagged', 'trash', 'in-progress', 'queued',
    'done', 'unsupported', 'failed', 'hidden')`;

/**
 * Cases (spec section 3, ADR 0102): a practice's upper and/or lower jaw scan with the teeth to reconstruct.
 * A case is created and submitted in one step, so every case has been paid for; `status` follows the state
 * machine of `@cuspid/contracts/cases` and every change is written to case_logs.
 */
export const cases = backend.table(
  'cases',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The user who created it (no foreign key: users live in the auth schema and may be removed). */
    createdBy: uuid('created_by'),
    name: text('name').notNull(),
    /** The patient's name or a pseudonymous reference. */
    patient: text('patient').notNull(),
    patientBirthYear: smallint('patient_birth_year'),
    notes: text('notes'),
    status: text('status').notNull(),
    /** The status a flagged, trashed or hidden case returns to. */
    previousStatus: text('previous_status'),
    upperTeeth: smallint('upper_teeth').array().notNull().default(sql`'{}'::smallint[]`),
    lowerTeeth: smallint('lower_teeth').array().notNull().default(sql`'{}'::smallint[]`),
    /** Credits spent on the case in all (submission and recalculations, minus refunds). */
    creditsSpent: integer('credits_spent').notNull().default(0),
    /** The booking of the processing now paid for: refunded once if that processing fails. */
    chargeBookingId: uuid('charge_booking_id'),
    /** The engine that processes (or processed) it. */
    engine: text('engine'),
    /**
     * The engine account (the API key's owner) holding the current external run: the first to call for it; only
     * its calls reach the run (ADR 0113). Cleared when a run starts. No foreign key: users live in the auth schema.
     */
    engineUserId: uuid('engine_user_id'),
    /** Counts processing runs: a job carries the run it belongs to, so a stale job changes nothing. */
    processingRun: integer('processing_run').notNull().default(0),
    /** Failed attempts of the current run; the run fails for good after CASE_PROCESSING_ATTEMPTS. */
    processingAttempts: integer('processing_attempts').notNull().default(0),
    processingError: text('processing_error'),
    processingStartedAt: timestamp('processing_started_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    resultCount: integer('result_count').notNull().default(0),
    lockedBy: uuid('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Ascending, so that a backward scan serves the lists' `order by created_at desc, id desc` (PostgreSQL's
    // default DESC is NULLS FIRST: an index declared DESC NULLS LAST serves neither direction's default).
    index('cases_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('cases_created_idx').on(t.createdAt, t.id),
    index('cases_status_created_idx').on(t.status, t.createdAt, t.id),
    index('cases_company_status_created_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('cases_name_idx').on(sql`lower(${t.name})`, t.id),
    index('cases_status_name_idx').on(t.status, sql`lower(${t.name})`, t.id),
    index('cases_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('cases_patient_trgm_idx').using('gin', t.patient.op('gin_trgm_ops')),
    check('cases_status_check', caseStatusCheck(t.status)),
    check('cases_previous_status_check', sql`${t.previousStatus} is null or ${caseStatusCheck(t.previousStatus)}`),
    // Any engine a module declares (ADR 0132): its id's shape, not a list.
    check('cases_engine_check', sql`${t.engine} is null or ${t.engine} ~ '^[a-z][a-z0-9-]{0,39}$'`),
    check('cases_credits_spent_check', sql`${t.creditsSpent} >= 0`),
  ],
);

/** A case's scan of one jaw (at most one live per jaw). Deleting a jaw marks it; restoring clears the mark. */
export const caseJaws = backend.table(
  'case_jaws',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    jaw: text('jaw').notNull(),
    /** The upload it came from (uploads module). */
    uploadId: uuid('upload_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').notNull().default('queued'),
    unsupportedReason: text('unsupported_reason'),
    /** The scan quality report (contracts `scanQualitySchema`). */
    quality: jsonb('quality'),
    /** The user's correction of the detected anatomical frame: one of the 24 quarter-turn rotations (ADR 0117). */
    orientation: smallint('orientation').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('case_jaws_case_jaw_idx').on(t.caseId, t.jaw),
    check('case_jaws_jaw_check', sql`${t.jaw} in ('upper', 'lower')`),
    check('case_jaws_status_check', sql`${t.status} in ('queued', 'done', 'unsupported')`),
    check('case_jaws_orientation_check', sql`${t.orientation} between 0 and 23`),
  ],
);

/** A result version of a case: what one processing run delivered. */
export const caseResults = backend.table(
  'case_results',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** 1, 2, … per case. */
    version: integer('version').notNull(),
    status: text('status').notNull(),
    engine: text('engine').notNull(),
    /** The processing run that produced it. */
    processingRun: integer('processing_run').notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('case_results_case_version_idx').on(t.caseId, t.version),
    check(
      'case_results_status_check',
      sql`${t.status} in ('in-progress', 'done', 'failed', 'approved', 'rejected', 'hidden')`,
    ),
    check('case_results_engine_check', sql`${t.engine} ~ '^[a-z][a-z0-9-]{0,39}$'`),
  ],
);

/** A file of a result version. */
export const caseResultFiles = backend.table(
  'case_result_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    resultId: uuid('result_id')
      .notNull()
      .references(() => caseResults.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    jaw: text('jaw'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('case_result_files_result_idx').on(t.resultId),
    check('case_result_files_kind_check', sql`${t.kind} in ('mesh', 'preview', 'report', 'other')`),
    check('case_result_files_jaw_check', sql`${t.jaw} is null or ${t.jaw} in ('upper', 'lower')`),
  ],
);

/** The history of a case (GET /case-logs/{id}): every status change, jaw change, result, rating and lock. */
export const caseLogs = backend.table(
  'case_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    message: text('message').notNull(),
    details: jsonb('details'),
    /** The user (or the API key's owner); null for the system and the reference engine. */
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('case_logs_case_idx').on(t.caseId, t.id)],
);
