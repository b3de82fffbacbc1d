import { z } from 'zod';
import { bulkResultSchema } from './bulk';
import { backendListQuerySchema } from './common';
import { defineErrors } from './errors';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { textSchema, VALIDATION_MESSAGES } from './validation';

/**
 * Support tickets (spec sections 2, 3, 4, 7; issue 17; ADR 0112): statuses and the moves between them, priorities,
 * comments that are public answers or internal notes, attachments, history, and the calls under /api/ticket.
 */

// --- Statuses and priorities ------------------------------------------------------------------------

export const TICKET_STATUSES = ['new', 'open', 'pending', 'waitingForResponse', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const ticketStatusSchema = z.enum(TICKET_STATUSES);

export const TICKET_PRIORITIES = ['high', 'normal', 'low'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);

/**
 * The moves a status change may make (ADR 0112). `new`: nobody of the support team has looked at it yet; `open`:
 * being worked on; `pending`: waiting for something outside (the engine, a partner); `waitingForResponse`: the
 * support team asked the customer; `resolved`: done, and reopened (back to open) when needed. Nothing goes back to
 * `new`.
 */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  new: ['open', 'pending', 'waitingForResponse', 'resolved'],
  open: ['pending', 'waitingForResponse', 'resolved'],
  pending: ['open', 'waitingForResponse', 'resolved'],
  waitingForResponse: ['open', 'pending', 'resolved'],
  resolved: ['open'],
};

/** What a customer (anyone outside the back office) may do: close its own ticket, and reopen a resolved one. */
const CUSTOMER_TARGETS: readonly TicketStatus[] = ['resolved', 'open'];

export type TicketTransitionRefusal =
  | 'TICKET_STATUS_UNCHANGED'
  | 'TICKET_TRANSITION_NOT_ALLOWED'
  | 'TICKET_STATUS_STAFF_ONLY';

/** Why `from` → `to` is refused for the caller (back office or customer), or null when the move may be made. */
export function checkTicketTransition(
  from: TicketStatus,
  to: TicketStatus,
  caller: { isStaff: boolean },
): TicketTransitionRefusal | null {
  if (from === to) return 'TICKET_STATUS_UNCHANGED';
  if (!TICKET_TRANSITIONS[from].includes(to)) return 'TICKET_TRANSITION_NOT_ALLOWED';
  if (!caller.isStaff && !CUSTOMER_TARGETS.includes(to)) return 'TICKET_STATUS_STAFF_ONLY';
  return null;
}

/** The statuses the caller may move a ticket to from `from` (the web's status choice). */
export const allowedTicketStatuses = (from: TicketStatus, caller: { isStaff: boolean }): TicketStatus[] =>
  TICKET_STATUSES.filter((to) => checkTicketTransition(from, to, caller) === null);

/**
 * The status a ticket moves to by itself when a comment is written, or null when it stays: a customer's reply to a
 * ticket waiting for its response (or resolved) reopens it; the support team's first public answer opens a new one.
 * An internal note never moves a ticket (the customer does not know of it).
 */
export function statusAfterComment(
  status: TicketStatus,
  comment: { byStaff: boolean; isInternal: boolean },
): TicketStatus | null {
  if (comment.isInternal) return null;
  if (!comment.byStaff) return status === 'waitingForResponse' || status === 'resolved' ? 'open' : null;
  return status === 'new' ? 'open' : null;
}

// --- Limits and routes -------------------------------------------------------------------------------

export const TICKET_LIMITS = {
  subjectMax: 200,
  bodyMax: 20_000,
  /** Files per message (the opening one or a comment). */
  maxFiles: 10,
  /** Bytes per file. */
  maxFileBytes: 20 * 1024 * 1024,
  fileNameMax: 255,
  bulkMax: 100,
} as const;

/** Tickets are the self-service support of every customer and the back office's work (spec section 2). */
export const TICKET_PERMISSION = 'backoffice-ticket' as const satisfies PermissionTitle;

export const TICKET_ROUTES = {
  tickets: '/ticket',
  ticket: (id: string) => `/ticket/${id}`,
  comments: '/ticket/comments',
  comment: (id: string) => `/ticket/comments/${id}`,
  /** The back-office users a ticket can be assigned to (not in the spec: the assignment's choice needs it). */
  assignees: '/ticket/assignees',
  bulkEdit: '/ticket/bulk-edit',
  downloadAttachment: (id: string) => `/ticket/comments/download-attachment/${id}`,
  removeAttachment: (id: string) => `/ticket/comments/remove-attachment/${id}`,
} as const;

export const TICKET_MESSAGES = {
  deleted: 'The ticket was deleted',
  attachmentRemoved: 'The attachment was removed',
  commentDeleted: 'The comment was deleted',
  bulkNothing: 'Choose a status, a priority or an assignee',
} as const;

// --- Records -----------------------------------------------------------------------------------------

export const ticketAttachmentSchema = z.object({
  id: z.uuid(),
  ticket_id: z.uuid(),
  /** The comment it came with; null for the files of the opening message. */
  comment_id: z.uuid().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.uuid().nullable(),
  created_at: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** A ticket's history entry: `kind` says what changed, `from` and `to` the values before and after (names, not ids). */
export const TICKET_EVENT_KINDS = [
  'created',
  'status',
  'priority',
  'assignee',
  'case',
  'subject',
  'description',
  'answer',
  'note',
  'attachment-removed',
  'comment-edited',
  'comment-deleted',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

export const ticketEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TICKET_EVENT_KINDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

export const ticketListItemSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  subject: z.string(),
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  company_id: z.uuid(),
  company_name: z.string(),
  case_id: z.uuid().nullable(),
  case_name: z.string().nullable(),
  reporter_id: z.uuid().nullable(),
  reporter_name: z.string().nullable(),
  assignee_id: z.uuid().nullable(),
  assignee_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

/** One ticket: the list's fields, the opening message, its files and its history (the caller's view of both). */
export const ticketSchema = ticketListItemSchema.extend({
  description: z.string(),
  attachments: z.array(ticketAttachmentSchema),
  history: z.array(ticketEventSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketCommentSchema = z.object({
  id: z.uuid(),
  ticket_id: z.uuid(),
  body: z.string(),
  /** An internal note of the support team; customers never receive one. */
  is_internal: z.boolean(),
  by_staff: z.boolean(),
  author_id: z.uuid().nullable(),
  author_name: z.string().nullable(),
  attachments: z.array(ticketAttachmentSchema),
  created_at: z.string(),
  /** When its author last changed the text; null when never. */
  edited_at: z.string().nullable(),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** A back-office user a ticket can be assigned to. */
export const ticketAssigneeSchema = z.object({ id: z.uuid(), name: z.string(), mail: z.string() });
export type TicketAssignee = z.infer<typeof ticketAssigneeSchema>;

// --- Inputs ------------------------------------------------------------------------------------------

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).max(10));

export const TICKET_SORT_FIELDS = ['created_at', 'updated_at', 'number', 'subject', 'priority', 'status'] as const;

export const ticketListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(TICKET_SORT_FIELDS).default('created_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  /** One or more statuses, comma separated. */
  status: csv(ticketStatusSchema).optional(),
  priority: csv(ticketPrioritySchema).optional(),
  /** A back-office user's id, or `none` for unassigned tickets. */
  assignee_id: z.union([z.uuid(), z.literal('none')]).optional(),
  company_id: z.uuid().optional(),
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;
export type TicketListParams = z.input<typeof ticketListQuerySchema>;

const subjectSchema = textSchema(TICKET_LIMITS.subjectMax, { required: true });
const bodySchema = textSchema(TICKET_LIMITS.bodyMax, { required: true, trim: false }).refine((v) => v.trim() !== '', {
  message: VALIDATION_MESSAGES.required,
});
/** A multipart field's empty value means none. */
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), z.uuid().optional());

/**
 * POST /ticket (multipart/form-data: these fields, and up to TICKET_LIMITS.maxFiles files named `attachments`).
 * `company_id`: the company the ticket is for, when the back office or a partner opens it for a customer; the
 * caller's own company otherwise.
 */
export const ticketCreateSchema = z.object({
  subject: subjectSchema,
  description: bodySchema,
  priority: ticketPrioritySchema.default('normal'),
  case_id: optionalId,
  company_id: optionalId,
});
export type TicketCreate = z.output<typeof ticketCreateSchema>;
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;

/** PUT /ticket/{id}: only the fields named change. Status, assignee: see ADR 0112 for who may. */
export const ticketUpdateSchema = z.object({
  subject: subjectSchema.optional(),
  description: bodySchema.optional(),
  priority: ticketPrioritySchema.optional(),
  status: ticketStatusSchema.optional(),
  assignee_id: z.uuid().nullable().optional(),
  case_id: z.uuid().nullable().optional(),
});
export type TicketUpdate = z.infer<typeof ticketUpdateSchema>;

export const ticketCommentListQuerySchema = z.object({ ticket_id: z.uuid() });

/** POST /ticket/comments (multipart/form-data: these fields, and files named `attachments`). */
export const ticketCommentCreateSchema = z.object({
  ticket_id: z.uuid(),
  body: bodySchema,
  /** A multipart field is text: 'true' makes an internal note (the support team only). */
  is_internal: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' || v === undefined ? false : v), z.boolean())
    .default(false),
});
export type TicketCommentCreate = z.output<typeof ticketCommentCreateSchema>;

/** PUT /ticket/comments/{id}: the new text of a comment (its author only; ADR 0112, "Changing the conversation"). */
export const ticketCommentUpdateSchema = z.object({ body: bodySchema });
export type TicketCommentUpdate = z.infer<typeof ticketCommentUpdateSchema>;

/**
 * Who may change a comment (ADR 0112): its author edits it; the support team deletes any comment, a customer its
 * own. A customer changes nothing of a resolved ticket's conversation (reopen it first); the support team may.
 * The web's buttons use these; the server's `tickets.policy.ts` says the same with its refusals (403, 409).
 */
export const mayEditTicketComment = (
  comment: { author_id: string | null },
  caller: { userId: string | undefined; isStaff: boolean },
  ticketStatus: TicketStatus,
): boolean =>
  comment.author_id !== null && comment.author_id === caller.userId && (caller.isStaff || ticketStatus !== 'resolved');

export const mayDeleteTicketComment = (
  comment: { author_id: string | null },
  caller: { userId: string | undefined; isStaff: boolean },
  ticketStatus: TicketStatus,
): boolean =>
  caller.isStaff || (comment.author_id !== null && comment.author_id === caller.userId && ticketStatus !== 'resolved');

/** POST /ticket/bulk-edit: one or more of status, priority and assignee for many tickets, in one transaction. */
export const ticketBulkEditSchema = z
  .object({
    ids: z.array(z.uuid()).min(1).max(TICKET_LIMITS.bulkMax),
    status: ticketStatusSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    assignee_id: z.uuid().nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assignee_id !== undefined, {
    message: TICKET_MESSAGES.bulkNothing,
    path: ['status'],
  });
export type TicketBulkEdit = z.infer<typeof ticketBulkEditSchema>;

/** Per ticket: done, or the refusal a single change would have answered (ADR 0038's bulk shape). */
export const ticketBulkResultSchema = bulkResultSchema;

/** The support tickets' refusals (ADR 0110). */
export const TICKET_ERRORS = defineErrors({
  TICKET_STATUS_UNCHANGED: { status: 409, message: 'The ticket is {{status}} already' },
  TICKET_TRANSITION_NOT_ALLOWED: { status: 409, message: 'A ticket that is {{from}} cannot become {{to}}' },
  TICKET_STATUS_STAFF_ONLY: { status: 403, message: 'Only the support team can set a ticket to {{to}}' },
  TICKET_INTERNAL_STAFF_ONLY: { status: 403, message: 'Only the support team can write internal notes' },
  TICKET_ASSIGN_STAFF_ONLY: { status: 403, message: 'Only the support team can assign tickets' },
  TICKET_ASSIGNEE_NOT_STAFF: { status: 400, message: 'A ticket can only be assigned to a member of the support team' },
  TICKET_CASE_NOT_FOUND: { status: 400, message: "The case was not found among the company's cases" },
  TICKET_ATTACHMENT_NOT_YOURS: {
    status: 403,
    message: 'Only the support team or whoever uploaded a file can remove it',
  },
  TICKET_COMMENT_NOT_AUTHOR: { status: 403, message: 'Only its author can change a comment' },
  TICKET_COMMENT_NOT_YOURS: { status: 403, message: 'Only the support team or its author can delete a comment' },
  TICKET_COMMENT_RESOLVED: { status: 409, message: 'The ticket is resolved: reopen it to change its conversation' },
});

declare module './errors' {
  interface AreaErrors {
    tickets: typeof TICKET_ERRORS;
  }
}

/** The tickets area: its entries of the permission catalogue. */
export const TICKET_PERMISSION_CATALOGUE = [backofficePermission('ticket', 'support', true)] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof TICKET_PERMISSION_CATALOGUE> {}
}
