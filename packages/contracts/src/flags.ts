import { z } from 'zod';
import { bulkResultSchema } from './bulk';
import { backendListQuerySchema } from './common';
import { defineErrors } from './errors';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { textSchema, VALIDATION_MESSAGES } from './validation';

/**
 * Flags and tags (ADR 0054): definitions kept once for the whole portal; a record carries at most
 * one flag and any number of tags.
 */
export const FLAG_KINDS = ['flag', 'tag'] as const;
export const flagKindSchema = z.enum(FLAG_KINDS);
export type FlagKind = z.infer<typeof flagKindSchema>;

/** The kinds of record a definition may apply to. */
export const FLAG_RECORD_TYPES = ['company', 'case'] as const;
export const flagRecordTypeSchema = z.enum(FLAG_RECORD_TYPES);
export type FlagRecordType = z.infer<typeof flagRecordTypeSchema>;

/** The record types POST /update-flags can label. */
export const FLAG_ASSIGNABLE_TYPES = ['company', 'case'] as const satisfies readonly FlagRecordType[];
export type FlagAssignableType = (typeof FLAG_ASSIGNABLE_TYPES)[number];

/** The permission that lets a user label records of each type. */
export const FLAG_ASSIGN_PERMISSION = {
  company: 'backoffice-company',
  case: 'backoffice-case-instance',
} as const satisfies Record<FlagAssignableType, PermissionTitle>;

/** Managing definitions; listing them is open to anyone who may manage or assign them. */
export const FLAG_MANAGE_PERMISSION = 'backoffice-flag' as const satisfies PermissionTitle;
export const FLAG_READ_PERMISSIONS = [
  FLAG_MANAGE_PERMISSION,
  ...Object.values(FLAG_ASSIGN_PERMISSION),
] as const satisfies readonly PermissionTitle[];

export const FLAG_NAME_MAX = 60;
export const FLAG_CREATE_MAX = 100;
export const FLAG_UPDATE_MAX_IDS = 500;

/** Colours offered by the forms; a definition created without a colour gets one of them (by its name). */
export const FLAG_PALETTE = [
  '#E03131',
  '#F76707',
  '#F59F00',
  '#37B24D',
  '#0CA678',
  '#1098AD',
  '#1C7ED6',
  '#4263EB',
  '#7048E8',
  '#AE3EC9',
  '#D6336C',
  '#868E96',
] as const;

/** A stable palette colour for a name, so a list of names gets varied but reproducible colours. */
export function defaultFlagColour(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return FLAG_PALETTE[hash % FLAG_PALETTE.length]!;
}

export const FLAG_MESSAGES = {
  colour: VALIDATION_MESSAGES.colourHex,
  appliesTo: VALIDATION_MESSAGES.recordTypesRequired,
  nothingToChange: VALIDATION_MESSAGES.labelsNothingToChange,
  addAndRemove: VALIDATION_MESSAGES.labelsAddAndRemove,
} as const;

const flagNameSchema = textSchema(FLAG_NAME_MAX, { required: VALIDATION_MESSAGES.nameRequired });
const flagColourSchema = textSchema(64)
  .regex(/^#[0-9a-fA-F]{6}$/, FLAG_MESSAGES.colour)
  .transform((v) => v.toUpperCase());
const flagDescriptionSchema = textSchema(500)
  .nullish()
  .transform((v) => (v ? v : null));
const appliesToSchema = z
  .array(flagRecordTypeSchema)
  .min(1, FLAG_MESSAGES.appliesTo)
  .transform((types) => FLAG_RECORD_TYPES.filter((t) => types.includes(t)));

/** POST /flags; one item of POST /create-flags. Without a colour, one of FLAG_PALETTE is chosen. */
export const flagInputSchema = z.object({
  name: flagNameSchema,
  kind: flagKindSchema,
  colour: flagColourSchema.optional(),
  description: flagDescriptionSchema,
  applies_to: appliesToSchema.default([...FLAG_RECORD_TYPES]),
});
export type FlagInput = z.infer<typeof flagInputSchema>;

/** PUT /flags/{id}: changes only the fields it names. */
export const flagUpdateSchema = z
  .object({
    name: flagNameSchema,
    kind: flagKindSchema,
    colour: flagColourSchema,
    description: flagDescriptionSchema,
    applies_to: appliesToSchema,
  })
  .partial();
export type FlagUpdate = z.infer<typeof flagUpdateSchema>;

/** POST /create-flags: all are created, or none (every invalid item is named, e.g. `items.2.name`). */
export const flagsCreateSchema = z.object({
  items: z.array(flagInputSchema).min(1).max(FLAG_CREATE_MAX),
});
export type FlagsCreate = z.infer<typeof flagsCreateSchema>;

export const flagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: flagKindSchema,
  colour: z.string(),
  description: z.string().nullable(),
  applies_to: z.array(flagRecordTypeSchema),
  /** Records carrying it that the caller may see. */
  usage_count: z.number().int(),
  created_by: z.uuid().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Flag = z.infer<typeof flagSchema>;

export const FLAG_SORT_FIELDS = ['name', 'kind', 'created_at'] as const;

export const flagListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(FLAG_SORT_FIELDS).default('name'),
  kind: flagKindSchema.optional(),
  /** Only definitions that apply to this kind of record. */
  applies_to: flagRecordTypeSchema.optional(),
});
export type FlagListQuery = z.infer<typeof flagListQuerySchema>;

/** The created definitions, and `results` (ADR 0038's bulk shape) with each new id. */
export const flagsCreateResponseSchema = z
  .object({ message: z.string(), data: z.array(flagSchema) })
  .extend(bulkResultSchema.shape);

/** What a labelled record shows of a definition. */
export const flagRefSchema = z.object({ id: z.uuid(), name: z.string(), colour: z.string() });
export type FlagRef = z.infer<typeof flagRefSchema>;

const idList = z.array(z.uuid()).max(FLAG_UPDATE_MAX_IDS);

/**
 * POST /update-flags: on every named record, set the flag (`flag_id`: a flag, or null to remove it;
 * left out: unchanged) and add or remove tags. All records change, or none.
 */
export const flagsUpdateSchema = z
  .object({
    type: z.enum(FLAG_ASSIGNABLE_TYPES),
    ids: idList.min(1),
    flag_id: z.uuid().nullable().optional(),
    add_tag_ids: idList.default([]),
    remove_tag_ids: idList.default([]),
  })
  .superRefine((body, ctx) => {
    if (body.flag_id === undefined && !body.add_tag_ids.length && !body.remove_tag_ids.length) {
      ctx.addIssue({ code: 'custom', message: FLAG_MESSAGES.nothingToChange, path: ['flag_id'] });
    }
    if (body.add_tag_ids.some((id) => body.remove_tag_ids.includes(id))) {
      ctx.addIssue({ code: 'custom', message: FLAG_MESSAGES.addAndRemove, path: ['remove_tag_ids'] });
    }
  });
export type FlagsUpdate = z.infer<typeof flagsUpdateSchema>;
/** The body as sent (tag lists may be left out). */
export type FlagsUpdateInput = z.input<typeof flagsUpdateSchema>;

export const flagsUpdateResponseSchema = z.object({
  message: z.string(),
  /** The labels of every named record after the change. */
  data: z.array(z.object({ id: z.uuid(), flag: flagRefSchema.nullable(), tags: z.array(flagRefSchema) })),
  /** Each named record (ADR 0038's bulk shape; the call is all or none, so every one is `ok`). */
  results: bulkResultSchema.shape.results,
});
export type FlagsUpdateResponse = z.infer<typeof flagsUpdateResponseSchema>;

/** Main backend paths of this area (relative to the api service). */
export const FLAG_ROUTES = {
  flags: '/flags',
  flag: (id: string) => `/flags/${id}`,
  createFlags: '/create-flags',
  updateFlags: '/update-flags',
} as const;

/** The flags' refusals (ADR 0038); `context` names the kind (`flag` or `tag`). */
export const FLAG_ERRORS = defineErrors({
  FLAG_NAME_TAKEN: { status: 409, message: 'A {{context}} named "{{name}}" already exists' },
  FLAG_NAME_REPEATED: { status: 409, message: '"{{name}}" is already in the list (item {{item}})' },
  FLAG_KIND_IN_USE: {
    status: 409,
    message: 'This {{context}} is set on {{records}}; remove it there before making it a {{kind}}',
  },
  FLAG_IN_USE: { status: 409, message: 'This {{context}} is set on {{records}}; remove it there first' },
  FLAG_NOT_FOUND: { status: 400, message: 'The {{context}} was not found' },
  FLAG_NOT_APPLICABLE: { status: 400, message: '{{label}} "{{name}}" does not apply to {{records}}' },
});

declare module './errors' {
  interface AreaErrors {
    flags: typeof FLAG_ERRORS;
  }
}

/** The flags area: its entries of the permission catalogue. */
export const FLAG_PERMISSION_CATALOGUE = [backofficePermission('flag', 'configuration')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof FLAG_PERMISSION_CATALOGUE> {}
}
