import { z } from 'zod';
import { bulkResultSchema } from './bulk';
import { CASE_LOG_CODES } from './case-log-codes';
import { CASE_STATUSES, RESULT_STATUSES, UPLOAD_STATUSES } from './case-status';
import { backendListQuerySchema } from './common';
import { LOWER_TEETH, lowerToothSchema, UPPER_TEETH, upperToothSchema } from './credits';
import { defineErrors } from './errors';
import { flagRefSchema } from './flags';
import { backofficePermission, type TitlesOf } from './permissions';
import { dateSchema, optionalTextSchema, textSchema } from './validation';

export * from './case-lock';
export * from './case-log-codes';
export * from './case-status';

export const caseStatusSchema = z.enum(CASE_STATUSES);
export const uploadStatusSchema = z.enum(UPLOAD_STATUSES);
export const resultStatusSchema = z.enum(RESULT_STATUSES);

export const JAWS = ['upper', 'lower'] as const;
export const jawSchema = z.enum(JAWS);
export type Jaw = z.infer<typeof jawSchema>;

/** Why a reviewer did not like a result (POST /save-rating): a structured reason next to free text. */
export const RATING_REASONS = [
  'margin',
  'contacts',
  'occlusion',
  'anatomy',
  'emergence',
  'thickness',
  'other',
] as const;
export const ratingReasonSchema = z.enum(RATING_REASONS);

/** The kinds of file a result holds. */
export const RESULT_FILE_KINDS = ['mesh', 'preview', 'report', 'other'] as const;
export const resultFileKindSchema = z.enum(RESULT_FILE_KINDS);

/**
 * An engine's id on the wire (ADR 0101, 0132): the product ships `reference` and `external`; any id a module
 * declares, of the shape the database checks (a lower-case word with hyphens), so that a new engine's cases and
 * results answer without a contract change.
 */
export const engineKindSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);

export const CASE_NAME_MAX = 200;
export const PATIENT_MAX = 120;
export const CASE_NOTES_MAX = 5000;
/** The most cases one bulk call may name. */
export const CASE_BULK_MAX = 500;
/** The largest teeth file POST /parse-teeth-file reads. */
export const TEETH_FILE_MAX_BYTES = 64 * 1024;

export const CASE_MESSAGES = {
  teethRequired: 'Choose at least one tooth',
  jawRequired: 'Upload at least one jaw scan',
  upperScanRequired: 'Upload the upper jaw scan for the upper teeth you chose',
  lowerScanRequired: 'Upload the lower jaw scan for the lower teeth you chose',
  birthYear: 'Enter a year between 1900 and this year',
} as const;

const teethSchema = {
  upper_teeth: z.array(upperToothSchema).max(UPPER_TEETH.length * 2),
  lower_teeth: z.array(lowerToothSchema).max(LOWER_TEETH.length * 2),
};

const patientFields = {
  name: textSchema(CASE_NAME_MAX, { required: true }),
  /** The patient's name or a pseudonymous reference (the practice decides what it shares). */
  patient: textSchema(PATIENT_MAX, { required: true }),
  patient_birth_year: z
    .number({ error: CASE_MESSAGES.birthYear })
    .int(CASE_MESSAGES.birthYear)
    .min(1900, CASE_MESSAGES.birthYear)
    .max(2100, CASE_MESSAGES.birthYear)
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalTextSchema(CASE_NOTES_MAX),
};

/**
 * POST /case-lists: creates a case from verified uploads and submits it at once (ADR 0102): the price is
 * spent and the case queued in one transaction, or nothing happens.
 */
export const createCaseSchema = z
  .object({
    ...patientFields,
    ...teethSchema,
    upper_upload_id: z.uuid().nullish(),
    lower_upload_id: z.uuid().nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.upper_teeth.length && !value.lower_teeth.length)
      ctx.addIssue({ code: 'custom', path: ['upper_teeth'], message: CASE_MESSAGES.teethRequired });
    if (!value.upper_upload_id && !value.lower_upload_id)
      ctx.addIssue({ code: 'custom', path: ['upper_upload_id'], message: CASE_MESSAGES.jawRequired });
    if (value.upper_teeth.length && !value.upper_upload_id && value.lower_upload_id)
      ctx.addIssue({ code: 'custom', path: ['upper_upload_id'], message: CASE_MESSAGES.upperScanRequired });
    if (value.lower_teeth.length && !value.lower_upload_id && value.upper_upload_id)
      ctx.addIssue({ code: 'custom', path: ['lower_upload_id'], message: CASE_MESSAGES.lowerScanRequired });
  });
export type CreateCaseInput = z.input<typeof createCaseSchema>;

/** PUT /case-lists/{id}: what can change after submission (the teeth change through a recalculation). */
export const updateCaseSchema = z.object(patientFields).partial();
export type UpdateCaseInput = z.input<typeof updateCaseSchema>;

/** The quality report of one scan (the reference engine's analysis; ADR 0101). */
export const scanQualitySchema = z.object({
  format: z.string(),
  triangles: z.number().int(),
  vertices: z.number().int(),
  bounding_box: z.object({ min: z.array(z.number()), max: z.array(z.number()), size: z.array(z.number()) }),
  surface_area: z.number(),
  boundary_edges: z.number().int(),
  /**
   * Boundary loops other than the border: real holes. (Reports made before the border was told apart, those without
   * `border_edges`, counted the border here too.)
   */
  holes: z.number().int(),
  non_manifold_edges: z.number().int(),
  duplicate_faces: z.number().int(),
  degenerate_faces: z.number().int(),
  /** All loops of boundary edges: the border and the holes. */
  boundary_loops: z.number().int().optional(),
  /** The scan's border, its longest boundary loop (the rim of the open base): its edges, and its length in mm. */
  border_edges: z.number().int().optional(),
  border_length: z.number().optional(),
  /** Edges of the largest hole's rim. */
  largest_hole_edges: z.number().int().optional(),
  /** The repair (reference engine): holes it filled, holes left open as larger than `max_filled_hole_edges` edges. */
  holes_filled: z.number().int().optional(),
  holes_too_large: z.number().int().optional(),
  max_filled_hole_edges: z.number().int().optional(),
  /**
   * Triangles of the decimated preview the result holds for the viewer; null when there is no separate preview (the
   * scan is within the preview budget: the viewer opens the repaired mesh or the scan itself).
   */
  preview_triangles: z.number().int().nullable().optional(),
  /**
   * The scan's anatomical frame (ADR 0117), unit vectors in the scan's coordinates: `occlusal` from the open base
   * to the crowns, `anterior` to the front teeth, `right` to the patient's right; `size` is the scan's
   * width (right), depth (anterior) and height (occlusal) in that frame, mm, the same whichever way the scanner
   * exported it. Absent in reports made before it.
   */
  frame: z
    .object({
      occlusal: z.array(z.number()),
      anterior: z.array(z.number()),
      right: z.array(z.number()),
      center: z.array(z.number()),
      size: z.array(z.number()),
      confidence: z.number(),
    })
    .optional(),
});
export type ScanQuality = z.infer<typeof scanQualitySchema>;

export const caseJawSchema = z.object({
  jaw: jawSchema,
  status: uploadStatusSchema,
  file_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  unsupported_reason: z.string().nullable(),
  quality: scanQualitySchema.nullable(),
  /** Set when the jaw was deleted (POST /delete-jaw); restore-jaw clears it. */
  deleted_at: z.string().nullable(),
  /**
   * The user's correction of the detected anatomical frame (ADR 0117): one of the 24 quarter-turn rotations
   * (packages/mesh `AXIS_ROTATIONS`), 0 for none. POST /jaw-orientation sets it.
   */
  orientation: z.number().int().min(0).max(23).optional(),
});
export type CaseJaw = z.infer<typeof caseJawSchema>;

export const caseSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  company_name: z.string(),
  name: z.string(),
  patient: z.string(),
  patient_birth_year: z.number().int().nullable(),
  notes: z.string().nullable(),
  status: caseStatusSchema,
  /** The status a trashed, flagged or hidden case returns to. */
  previous_status: caseStatusSchema.nullable(),
  upper_teeth: z.array(z.number().int()),
  lower_teeth: z.array(z.number().int()),
  jaws: z.array(caseJawSchema),
  credits_spent: z.number().int(),
  engine: engineKindSchema.nullable(),
  processing_error: z.string().nullable(),
  result_count: z.number().int(),
  locked_by: z.uuid().nullable(),
  locked_by_name: z.string().nullable(),
  locked_at: z.string().nullable(),
  flag: flagRefSchema.nullable(),
  tags: z.array(flagRefSchema),
  created_by: z.uuid().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Case = z.infer<typeof caseSchema>;

/** A row of GET /case-lists: the case without its jaws' quality reports. */
export const caseListItemSchema = caseSchema.omit({ jaws: true, notes: true }).extend({
  jaws: z.array(caseJawSchema.pick({ jaw: true, status: true, deleted_at: true })),
});
export type CaseListItem = z.infer<typeof caseListItemSchema>;

export const CASE_SORT_FIELDS = ['created_at', 'updated_at', 'name', 'patient', 'status'] as const;

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).max(20));

export const caseListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(CASE_SORT_FIELDS).default('created_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  /** One or more statuses (comma separated). Without it the list leaves out trash and hidden cases. */
  status: csv(caseStatusSchema).optional(),
  flag_id: z.uuid().optional(),
  tag_id: z.uuid().optional(),
  company_id: z.uuid().optional(),
  /** Created on or after this day (YYYY-MM-DD, UTC). */
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type CaseListQuery = z.output<typeof caseListQuerySchema>;
export type CaseListParams = z.input<typeof caseListQuerySchema>;

// --- Actions -----------------------------------------------------------------------------------

const idsSchema = z.array(z.uuid()).min(1).max(CASE_BULK_MAX);
const reasonSchema = optionalTextSchema(1000);

/** POST /approve-case: approve (or reject) the case's review, with an optional reason. */
export const approveCaseSchema = z.object({ id: z.uuid(), approved: z.boolean(), reason: reasonSchema });
export const approveCasesSchema = z.object({ ids: idsSchema, approved: z.boolean(), reason: reasonSchema });

/** POST /update-status: move a case to another status (the state machine decides). */
export const updateStatusSchema = z.object({ id: z.uuid(), status: caseStatusSchema, note: reasonSchema });
export const updateStatusesSchema = z.object({ ids: idsSchema, status: caseStatusSchema, note: reasonSchema });

/** POST /update-result-status: move one result version to another status. */
export const updateResultStatusSchema = z.object({
  id: z.uuid(),
  status: resultStatusSchema,
  note: reasonSchema,
});

/** POST /requeue-case: process the case again (a recalculation); new teeth may be chosen. */
export const requeueCaseSchema = z.object({
  id: z.uuid(),
  upper_teeth: teethSchema.upper_teeth.optional(),
  lower_teeth: teethSchema.lower_teeth.optional(),
});

export const jawActionSchema = z.object({ id: z.uuid(), jaw: jawSchema });
/** POST /jaw-orientation: the correction of a jaw scan's detected frame, a code 0…23 (ADR 0117). */
export const jawOrientationSchema = z.object({
  id: z.uuid(),
  jaw: jawSchema,
  orientation: z.number().int().min(0).max(23),
});
export const caseIdsSchema = z.object({ ids: idsSchema });
/**
 * POST /empty-trash (ADR 0116): without a company, the trash of every company the caller may see (the back office:
 * every company; a partner: its own and its customers'; a practice: its own).
 */
export const emptyTrashSchema = z.object({
  /** Whose trash (default: every company the caller may see). */
  company_id: z.uuid().optional(),
  /** Only say what would be deleted (the confirmation's question); nothing is deleted. */
  dry_run: z.boolean().default(false),
});
export type EmptyTrashInput = z.input<typeof emptyTrashSchema>;
/** One company's trash: the cases deleted for good, and those left because another user holds them locked. */
export const emptyTrashCompanySchema = z.object({
  company_id: z.uuid(),
  company_name: z.string(),
  deleted: z.number().int(),
  locked: z.number().int(),
});
/** The cases deleted in all (`deleted`) and per company whose trash held any, by company name. */
export const emptyTrashResultSchema = z.object({
  deleted: z.number().int(),
  companies: z.array(emptyTrashCompanySchema),
});
export type EmptyTrashResult = z.infer<typeof emptyTrashResultSchema>;

/** POST /save-rating: stars and structured reasons for one result version. */
export const saveRatingSchema = z.object({
  result_id: z.uuid(),
  stars: z.number().int().min(1, 'Give one to five stars').max(5, 'Give one to five stars'),
  reasons: z.array(ratingReasonSchema).max(RATING_REASONS.length).default([]),
  comment: optionalTextSchema(2000),
});

export const sendApproveMailSchema = z.object({
  /** Send to this address instead of the company's users who may approve cases. */
  mail: z.email().optional(),
});

export const caseBulkResultSchema = bulkResultSchema;

// --- Results, ratings, logs ------------------------------------------------------------------------

export const resultFileSchema = z.object({
  id: z.uuid(),
  kind: resultFileKindSchema,
  jaw: jawSchema.nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
});
export type ResultFile = z.infer<typeof resultFileSchema>;

export const ratingSchema = z.object({
  id: z.uuid(),
  result_id: z.uuid(),
  user_id: z.uuid().nullable(),
  user_name: z.string().nullable(),
  stars: z.number().int(),
  reasons: z.array(ratingReasonSchema),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const caseResultSchema = z.object({
  id: z.uuid(),
  case_id: z.uuid(),
  version: z.number().int(),
  status: resultStatusSchema,
  engine: engineKindSchema,
  note: z.string().nullable(),
  files: z.array(resultFileSchema),
  ratings: z.array(ratingSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

export const caseResultsSchema = z.object({ data: z.array(caseResultSchema), total: z.number().int() });

export const CASE_LOG_KINDS = [
  'created',
  'status',
  'jaw',
  'result',
  'rating',
  'lock',
  'edit',
  'mail',
  'engine',
  'labels',
] as const;
export type CaseLogKind = (typeof CASE_LOG_KINDS)[number];
export const caseLogSchema = z.object({
  id: z.string(),
  kind: z.enum(CASE_LOG_KINDS),
  from_status: caseStatusSchema.nullable(),
  to_status: caseStatusSchema.nullable(),
  /** The line in English (older lines have only this). */
  message: z.string(),
  /** What the line says as a code (CASE_LOG_CODES) with its parameters, for rendering in the reader's language. */
  code: z.enum(CASE_LOG_CODES).nullable(),
  params: z.record(z.string(), z.unknown()).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  actor_id: z.uuid().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type CaseLog = z.infer<typeof caseLogSchema>;

// --- Teeth files ---------------------------------------------------------------------------------

/** POST /parse-teeth-file answers the teeth a file names, split by jaw and sorted. */
export const parsedTeethSchema = z.object({
  upper_teeth: z.array(z.number().int()),
  lower_teeth: z.array(z.number().int()),
});
export type ParsedTeeth = z.infer<typeof parsedTeethSchema>;

/**
 * Reads a teeth file (ADR 0102): JSON (`[11, 21]`, `{ "teeth": [...] }` or `{ "upper": [...], "lower": [...] }`),
 * CSV or plain text (numbers separated by commas, semicolons, spaces or lines; a header line and `#` comments
 * are skipped). Every number must be a permanent tooth in FDI notation (11–18, 21–28, 31–38, 41–48).
 */
export function parseTeethText(text: string): { ok: true; teeth: ParsedTeeth } | { ok: false; message: string } {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body) return { ok: false, message: 'The teeth file is empty' };
  let tokens: string[];
  if (body.startsWith('[') || body.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { ok: false, message: 'The teeth file is not valid JSON' };
    }
    const values = Array.isArray(parsed)
      ? parsed
      : parsed && typeof parsed === 'object'
        ? Object.entries(parsed as Record<string, unknown>)
            .filter(([key]) => ['teeth', 'upper', 'lower', 'upper_teeth', 'lower_teeth'].includes(key))
            .flatMap(([, v]) => (Array.isArray(v) ? v : []))
        : [];
    // Only numbers and strings name teeth; anything else is named by its kind (a nested array or object is never
    // stringified: 10,000 nested brackets would exhaust the stack).
    tokens = values.map((v) =>
      typeof v === 'number' || typeof v === 'string'
        ? String(v)
        : Array.isArray(v)
          ? '[…]'
          : v && typeof v === 'object'
            ? '{…}'
            : String(v),
    );
  } else {
    tokens = body
      .split(/\r?\n/)
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n')
      .split(/[\s,;|\t]+/)
      .map((t) => t.replace(/^"|"$/g, '').trim())
      .filter(Boolean)
      // A header such as `tooth` or `FDI` is skipped; anything else that is not a number is an error below.
      .filter((t) => !/^(tooth|teeth|fdi|zahn|zähne|number|nr\.?)$/i.test(t));
  }
  const unknown: string[] = [];
  const upper = new Set<number>();
  const lower = new Set<number>();
  for (const token of tokens) {
    const n = /^\d{2}$/.test(token) ? Number(token) : Number.NaN;
    if (UPPER_TEETH.includes(n)) upper.add(n);
    else if (LOWER_TEETH.includes(n)) lower.add(n);
    else unknown.push(token);
  }
  if (unknown.length)
    return {
      ok: false,
      message: `Unknown tooth numbers: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''} (FDI 11–18, 21–28, 31–38, 41–48)`,
    };
  if (!upper.size && !lower.size) return { ok: false, message: 'The teeth file names no teeth' };
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  return { ok: true, teeth: { upper_teeth: sorted(upper), lower_teeth: sorted(lower) } };
}

// --- Engine calls (an API key with the engine scope; ADR 0101) ----------------------------------------

/**
 * The job a report or a result belongs to (`job_id` of the engine job, `<case id>:<run>`). Optional: without
 * it the call applies to the case's current run; with it, a call for an older run is refused (409).
 */
const jobIdSchema = z
  .string()
  .max(100)
  .regex(/^[0-9a-f-]{36}:\d{1,9}$/, 'The job id is the job_id of the engine job (<case id>:<run>)')
  .optional();

/** POST /case-results/{id}: the engine reports how the processing of case {id} ended. */
export const engineOutcomeSchema = z.object({
  job_id: jobIdSchema,
  status: z.enum(['done', 'unsupported', 'failed']),
  reason: optionalTextSchema(2000),
  jaws: z
    .array(
      z.object({
        jaw: jawSchema,
        status: z.enum(['done', 'unsupported']),
        reason: optionalTextSchema(2000),
        quality: scanQualitySchema.nullish(),
      }),
    )
    .max(2)
    .refine((jaws) => new Set(jaws.map((j) => j.jaw)).size === jaws.length, 'Each jaw is reported once')
    .default([]),
});

/** The fields of POST /save-results (multipart, with the files): one new result version of a case. */
export const saveResultsFieldsSchema = z.object({
  case_id: z.uuid(),
  job_id: jobIdSchema,
  note: optionalTextSchema(2000),
  /** `in-progress` while more files follow through /save-files; `done` (default) when complete. */
  status: z.enum(['in-progress', 'done']).default('done'),
});

/** The fields of POST /save-files (multipart): more files for a result version that is still in progress. */
export const saveFilesFieldsSchema = z.object({ result_id: z.uuid() });

/** The most file parts one engine call may carry. */
export const ENGINE_FILES_MAX = 100;

/** One entry of the `manifest` field (JSON) of /save-results and /save-files: a file part's kind and jaw, by its file name. */
export const resultFileEntrySchema = z.object({
  file_name: z.string().min(1).max(255),
  kind: resultFileKindSchema.default('mesh'),
  jaw: jawSchema.nullish().transform((v) => v ?? null),
});
export const resultFilesManifestSchema = z.array(resultFileEntrySchema).max(ENGINE_FILES_MAX);

/**
 * POST /save-multiple-results (multipart): the text fields `case_id` (and `job_id`), the JSON field `manifest`
 * listing the result versions and the file names of each, then the file parts. All are saved, or none.
 */
export const saveMultipleResultsFieldsSchema = z.object({ case_id: z.uuid(), job_id: jobIdSchema });
export const resultsManifestSchema = z
  .array(
    z.object({
      note: optionalTextSchema(2000),
      status: z.enum(['in-progress', 'done']).default('done'),
      files: z.array(resultFileEntrySchema).min(1, 'Name at least one file of each result').max(ENGINE_FILES_MAX),
    }),
  )
  .min(1, 'List at least one result')
  .max(20);

export const savedResultSchema = z.object({ result: caseResultSchema });
export const savedResultsSchema = z.object({ results: z.array(caseResultSchema) });

/** What the processing job posts to an external engine (signed; ADR 0101). */
export const engineJobSchema = z.object({
  job_id: z.string(),
  case_id: z.uuid(),
  attempt: z.number().int(),
  upper_teeth: z.array(z.number().int()),
  lower_teeth: z.array(z.number().int()),
  jaws: z.array(
    z.object({ jaw: jawSchema, file_name: z.string(), size: z.number().int(), sha256: z.string(), url: z.string() }),
  ),
  /** Where the engine sends its answers (the main backend's base URL). */
  api_base_url: z.string(),
  expires_at: z.string(),
});
export type EngineJob = z.infer<typeof engineJobSchema>;

// --- Live updates ----------------------------------------------------------------------------------

/** One server-sent event of GET /cases/events: a case the caller may see changed. */
export const caseEventSchema = z.object({
  case_id: z.uuid(),
  status: caseStatusSchema,
  previous_status: caseStatusSchema.nullable(),
  jaws: z.array(z.object({ jaw: jawSchema, status: uploadStatusSchema })),
  result_count: z.number().int(),
  /** Who holds the case's lock (null when unlocked), so that open pages follow a lock change at once. */
  locked_by: z.uuid().nullable(),
  locked_by_name: z.string().nullable(),
  locked_at: z.string().nullable(),
  at: z.string(),
});
export type CaseEvent = z.infer<typeof caseEventSchema>;

/** Main backend paths of the cases area (relative to the api service). */
export const CASE_ROUTES = {
  cases: '/case-lists',
  case: (id: string) => `/case-lists/${id}`,
  logs: (id: string) => `/case-logs/${id}`,
  results: (id: string) => `/get-multiple-results/${id}`,
  approveCase: '/approve-case',
  approveCases: '/approve-cases',
  updateStatus: '/update-status',
  updateStatuses: '/update-statuses',
  updateResultStatus: '/update-result-status',
  requeueCase: '/requeue-case',
  deleteJaw: '/delete-jaw',
  restoreJaw: '/restore-jaw',
  jawOrientation: '/jaw-orientation',
  lock: (id: string) => `/cases/lock/${id}`,
  unlock: (id: string) => `/cases/unlock/${id}`,
  deleteCases: '/delete-cases',
  emptyTrash: '/empty-trash',
  caseResults: (id: string) => `/case-results/${id}`,
  saveRating: '/save-rating',
  saveResults: '/save-results',
  saveMultipleResults: '/save-multiple-results',
  saveFiles: '/save-files',
  parseTeethFile: '/parse-teeth-file',
  sendApproveMail: (id: string) => `/send-approve-mail/${id}`,
  /** Downloads (ADR 0102): a jaw's scan, one result file, a result version as ZIP. */
  jawFile: (id: string, jaw: Jaw) => `/cases/${id}/jaws/${jaw}/download`,
  resultFile: (id: string) => `/case-result-files/${id}/download`,
  resultZip: (id: string) => `/case-results/${id}/download`,
  events: '/cases/events',
} as const;

/** The permissions of the case actions (each a narrowing of backoffice-case-instance; ADR 0102). */
export const CASE_PERMISSIONS = {
  read: 'backoffice-case-instance',
  approve: 'backoffice-case-instance-approve',
  recalculate: 'backoffice-case-instance-recalculate',
  delete: 'backoffice-case-instance-delete',
  lock: 'backoffice-case-instance-lock',
  status: 'backoffice-case-instance-status',
  engine: 'backoffice-case-engine',
} as const;

/** The case results' refusals. */
export const CASE_RESULT_ERRORS = defineErrors({
  CASE_NOT_IN_ENGINE: { status: 409, message: 'The case is not being processed by an engine (it is {{status}})' },
  CASE_RESULT_NOT_FOUND: { status: 404, message: 'The result was not found' },
  CASE_RESULT_COMPLETE: { status: 409, message: 'The result is complete; save a new result instead' },
  CASE_RESULT_REVIEWED: { status: 409, message: 'The result has been reviewed; the engine can no longer change it' },
});

/** The cases' refusals (spec section 8). */
export const CASE_ERRORS = defineErrors({
  CASE_LOCKED: { status: 423, message: 'The case is locked by {{name}}' },
  CASE_NOT_LOCKED: { status: 409, message: 'The case is not locked' },
  CASE_TRANSITION_NOT_ALLOWED: { status: 409, message: 'A case that is {{from}} cannot become {{to}}' },
  CASE_TRANSITION_NOT_YOURS: { status: 403, message: 'Only the back office can make a case that is {{from}} {{to}}' },
  CASE_PROCESSING: { status: 409, message: 'The case is being processed; wait until it is done' },
  CASE_NOT_IN_TRASH: { status: 409, message: 'Only cases in the trash can be deleted for good' },
  CASE_JAW_MISSING: { status: 409, message: 'The case has no {{jaw}} jaw scan' },
  CASE_JAW_NOT_DELETED: { status: 409, message: 'The {{jaw}} jaw scan is not deleted' },
  CASE_LAST_JAW: {
    status: 409,
    message: 'The case needs at least one jaw scan; upload another before you delete this one',
  },
  CASE_NOT_REQUEUEABLE: { status: 409, message: 'A case that is {{status}} cannot be recalculated' },
  CASE_NO_RESULTS: { status: 409, message: 'The case has no results to review yet' },
  CASE_RESULT_TRANSITION_NOT_ALLOWED: { status: 409, message: 'A result that is {{from}} cannot become {{to}}' },
  CASE_UPLOAD_UNUSABLE: { status: 400, message: 'The {{jaw}} jaw upload cannot be used: {{reason}}' },
  TEETH_FILE_INVALID: { status: 400, message: '{{reason}}' },
  CASE_STATUS_STAFF_ONLY: { status: 403, message: 'Only the back office can set this status' },
});

declare module './errors' {
  interface AreaErrors {
    'case-results': typeof CASE_RESULT_ERRORS;
    cases: typeof CASE_ERRORS;
  }
}

/** The cases area: its entries of the permission catalogue. */
export const CASE_PERMISSION_CATALOGUE = [
  backofficePermission('case-instance', 'cases', true),
  // Case actions, each narrowing the case permission (ADR 0102): a role may see cases without approving them.
  backofficePermission('case-instance-approve', 'cases', true),
  backofficePermission('case-instance-recalculate', 'cases', true),
  backofficePermission('case-instance-delete', 'cases', true),
  backofficePermission('case-instance-lock', 'cases', true),
  // Setting any status, flagging and hiding cases, changing result statuses: the back office's.
  backofficePermission('case-instance-status', 'cases'),
  // The scope of an external AI engine's API key: reports processing outcomes and saves results (ADR 0101).
  backofficePermission('case-engine', 'cases'),
] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof CASE_PERMISSION_CATALOGUE> {}
}
