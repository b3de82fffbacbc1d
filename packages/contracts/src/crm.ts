import { z } from 'zod';
import { backendListQuerySchema } from './common';
import { defineErrors } from './errors';
import { dateTimeSchema, optionalTextSchema as optionalText, textSchema, VALIDATION_MESSAGES } from './validation';

/** Customer notes and activities (spec section 3 and 7; ADR 0053). */

export const CRM_LIMITS = {
  noteBodyMax: 5000,
  activitySubjectMax: 200,
  activityDetailsMax: 5000,
} as const;

export const CUSTOMER_ACTIVITY_TYPES = ['call', 'meeting', 'mail', 'visit', 'task'] as const;
export const customerActivityTypeSchema = z.enum(CUSTOMER_ACTIVITY_TYPES);
export type CustomerActivityType = z.infer<typeof customerActivityTypeSchema>;

const requiredText = (max: number) => textSchema(max, { required: true });

/** A user as a note or activity names it; null when the user no longer exists. */
export const crmUserRefSchema = z.object({ id: z.uuid(), name: z.string(), mail: z.string() });
export type CrmUserRef = z.infer<typeof crmUserRefSchema>;

// Notes

export const customerNoteCreateSchema = z.object({
  company_id: z.uuid({ error: VALIDATION_MESSAGES.required }),
  body: requiredText(CRM_LIMITS.noteBodyMax),
  is_pinned: z.boolean().default(false),
});
export type CustomerNoteCreate = z.infer<typeof customerNoteCreateSchema>;

export const customerNoteUpdateSchema = z
  .object({ body: requiredText(CRM_LIMITS.noteBodyMax), is_pinned: z.boolean() })
  .partial()
  .refine((v) => v.body !== undefined || v.is_pinned !== undefined, { message: 'Nothing to change' });
export type CustomerNoteUpdate = z.infer<typeof customerNoteUpdateSchema>;

export const customerNoteSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  body: z.string(),
  is_pinned: z.boolean(),
  author: crmUserRefSchema.nullable(),
  /** The caller may edit, pin and delete it (the author, an administrator or back-office staff). */
  can_edit: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const CUSTOMER_NOTE_SORT_FIELDS = ['created_at', 'updated_at'] as const;

export const customerNoteListQuerySchema = backendListQuerySchema.extend({
  company_id: z.uuid().optional(),
  is_pinned: z.enum(['true', 'false']).optional(),
  sort_by: z.enum(CUSTOMER_NOTE_SORT_FIELDS).default('created_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
});
export type CustomerNoteListQuery = z.infer<typeof customerNoteListQuerySchema>;

// Activities

export const customerActivityCreateSchema = z.object({
  company_id: z.uuid({ error: VALIDATION_MESSAGES.required }),
  type: customerActivityTypeSchema,
  subject: requiredText(CRM_LIMITS.activitySubjectMax),
  details: optionalText(CRM_LIMITS.activityDetailsMax),
  due_at: dateTimeSchema.nullish(),
  assignee_id: z.uuid().nullish(),
  /** Logs it as already done (done_at = now). */
  is_done: z.boolean().default(false),
});
export type CustomerActivityCreate = z.infer<typeof customerActivityCreateSchema>;

export const customerActivityUpdateSchema = z
  .object({
    type: customerActivityTypeSchema,
    subject: requiredText(CRM_LIMITS.activitySubjectMax),
    details: optionalText(CRM_LIMITS.activityDetailsMax),
    due_at: dateTimeSchema.nullable(),
    assignee_id: z.uuid().nullable(),
    /** true marks it done (done_at = now, kept if already done); false opens it again. */
    is_done: z.boolean(),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type CustomerActivityUpdate = z.infer<typeof customerActivityUpdateSchema>;

export const customerActivitySchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  type: customerActivityTypeSchema,
  subject: z.string(),
  details: z.string().nullable(),
  due_at: z.iso.datetime().nullable(),
  done_at: z.iso.datetime().nullable(),
  assignee: crmUserRefSchema.nullable(),
  author: crmUserRefSchema.nullable(),
  /** The caller may change and delete it (the author, an administrator or back-office staff). */
  can_edit: z.boolean(),
  /** The caller may mark it done or open again (those who may edit it, and the assignee). */
  can_complete: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CustomerActivity = z.infer<typeof customerActivitySchema>;

export const CUSTOMER_ACTIVITY_SORT_FIELDS = ['created_at', 'updated_at', 'due_at', 'done_at'] as const;
export const CUSTOMER_ACTIVITY_STATUSES = ['open', 'done', 'overdue'] as const;

export const customerActivityListQuerySchema = backendListQuerySchema.extend({
  company_id: z.uuid().optional(),
  type: customerActivityTypeSchema.optional(),
  /** open: not done; done; overdue: not done and due before now. */
  status: z.enum(CUSTOMER_ACTIVITY_STATUSES).optional(),
  assignee_id: z.uuid().optional(),
  sort_by: z.enum(CUSTOMER_ACTIVITY_SORT_FIELDS).default('created_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
});
export type CustomerActivityListQuery = z.infer<typeof customerActivityListQuerySchema>;

// Timeline

/** One company's notes and activities merged: pinned notes first, then everything newest first (by created_at). */
export const customerTimelineQuerySchema = z.object({
  company_id: z.uuid({ error: VALIDATION_MESSAGES.required }),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomerTimelineQuery = z.infer<typeof customerTimelineQuerySchema>;

export const customerTimelineItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('note'), note: customerNoteSchema }),
  z.object({ kind: z.literal('activity'), activity: customerActivitySchema }),
]);
export type CustomerTimelineItem = z.infer<typeof customerTimelineItemSchema>;

export const CRM_ROUTES = {
  notes: '/customer-notes',
  note: (id: string) => `/customer-notes/${id}`,
  activities: '/customer-activities',
  activity: (id: string) => `/customer-activities/${id}`,
  timeline: '/customer-timeline',
} as const;

/** The CRM's refusals (ADR 0038); `context` names the action (`change` or `delete`). */
export const CRM_ERRORS = defineErrors({
  NOTE_AUTHOR_ONLY: { status: 403, message: 'Only the author can {{context}} this note' },
  ACTIVITY_AUTHOR_ONLY: { status: 403, message: 'Only the author can {{context}} this activity' },
  ACTIVITY_ASSIGNEE_NOT_FOUND: { status: 400, message: 'The user was not found' },
});

declare module './errors' {
  interface AreaErrors {
    crm: typeof CRM_ERRORS;
  }
}
