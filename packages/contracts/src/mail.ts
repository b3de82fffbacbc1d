import { z } from 'zod';
import { defineErrors } from './errors';
import { FULL_LANGUAGES, LANGUAGE_CODES } from './i18n';
import { backofficePermission, type TitlesOf } from './permissions';
import { mailSchema, textSchema } from './validation';

/**
 * An event the product sends a mail for: `<module>.<event>`. The module is what
 * `/api/mail-template-assignments/get-by-module` filters on. There is no central list: each area's server
 * module declares the events it sends with their default templates (`defineModule({ mail })`), and the mail
 * routes accept exactly those (`mailEventSchemas`). Reminder levels have one event each, so each level can use
 * its own wording.
 */
export type MailEvent = `${string}.${string}`;
export const mailModuleOf = (event: string) => event.split('.')[0] ?? event;

/**
 * The mails a user may turn off for itself (GET/PUT /auth/mail-preferences): updates about its cases. Mails that
 * keep an account safe or that a company's bookkeeping relies on (invitations, password resets, invoices,
 * reminders) are always sent. Everything not turned off is sent.
 */
export const USER_MAIL_EVENTS = [
  'case.result-ready',
  'case.unsupported',
  'case.failed',
  'case.approved',
  'case.rejected',
] as const satisfies readonly MailEvent[];
export type UserMailEvent = (typeof USER_MAIL_EVENTS)[number];
export const isUserMailEvent = (event: string): event is UserMailEvent =>
  (USER_MAIL_EVENTS as readonly string[]).includes(event);

const mailPreferenceSchema = z.object({ event: z.enum(USER_MAIL_EVENTS), mail: z.boolean() });
export type MailPreference = z.infer<typeof mailPreferenceSchema>;

/** Every user mail event with whether the user receives it by mail. */
export const mailPreferencesSchema = z.object({ data: z.array(mailPreferenceSchema) });
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** The events to change (others keep their setting), each once. */
export const updateMailPreferencesBodySchema = z.object({
  preferences: z
    .array(mailPreferenceSchema)
    .min(1)
    .max(USER_MAIL_EVENTS.length)
    .refine((a) => new Set(a.map((x) => x.event)).size === a.length, { message: 'Each event once' }),
});
export type UpdateMailPreferencesBody = z.infer<typeof updateMailPreferencesBodySchema>;

/** Languages a template must carry (the others fall back to English). */
export const MAIL_REQUIRED_LANGUAGES = ['en'] as const;
export const MAIL_EDITOR_LANGUAGES = FULL_LANGUAGES;

export const MAIL_LIMITS = {
  nameMax: 120,
  subjectMax: 300,
  bodyMax: 50_000,
  variables: 50,
  variableNameMax: 64,
} as const;

const variableNameSchema = textSchema(MAIL_LIMITS.variableNameMax, { required: true }).regex(
  /^[a-z][a-z0-9_]*$/,
  'Use lower-case letters, digits and _ (starting with a letter)',
);

export const mailTemplateVariableSchema = z.object({
  name: variableNameSchema,
  description: textSchema(300).default(''),
  /** Example value used by the preview. */
  example: textSchema(500, { trim: false }).default(''),
});
export type MailTemplateVariable = z.infer<typeof mailTemplateVariableSchema>;

export const mailTemplateContentSchema = z.object({
  subject: textSchema(MAIL_LIMITS.subjectMax, { required: 'The subject is required' }),
  /** HTML; rendered with the sandboxed template language, then sanitised. */
  body: textSchema(MAIL_LIMITS.bodyMax, { required: 'The body is required', trim: false }),
});
export type MailTemplateContent = z.infer<typeof mailTemplateContentSchema>;

const languageKeySchema = z.enum(LANGUAGE_CODES);
const contentsSchema = z
  .record(languageKeySchema, mailTemplateContentSchema.optional())
  .refine((c) => !!c.en, { message: 'The English version is required', path: ['en'] });

const mailTemplateFields = {
  contents: z.record(z.string(), mailTemplateContentSchema),
  variables: z.array(mailTemplateVariableSchema),
  is_default: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
};

const mailTemplateCreateFields = {
  contents: contentsSchema,
  variables: z
    .array(mailTemplateVariableSchema)
    .max(MAIL_LIMITS.variables)
    .default([])
    .refine((v) => new Set(v.map((x) => x.name)).size === v.length, { message: 'Variable names must be unique' }),
};

export const mailTemplateIdQuerySchema = z.object({ id: z.uuid() });
export const mailTemplateDeleteSchema = z.object({ id: z.uuid() });

const mailListQueryFields = {
  limit_start: z.coerce.number().int().min(0).default(0),
  limit_count: z.coerce.number().int().min(1).max(500).default(25),
  search: textSchema(200).optional(),
};

/** Variables passed to a template: plain values only (no functions, nothing callable). */
export const mailVariablesSchema = z
  .record(
    textSchema(MAIL_LIMITS.variableNameMax, { trim: false }),
    z.union([textSchema(5000, { trim: false }), z.number(), z.boolean(), z.null()]),
  )
  .refine((v) => Object.keys(v).length <= MAIL_LIMITS.variables, { message: 'Too many variables' });
export type MailVariables = z.infer<typeof mailVariablesSchema>;

export const mailPreviewSchema = z.object({
  contents: mailTemplateContentSchema,
  variables: mailVariablesSchema.default({}),
});
export type MailPreviewBody = z.input<typeof mailPreviewSchema>;
export const mailRenderedSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MailRendered = z.infer<typeof mailRenderedSchema>;

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const sentMailSchema = z.object({
  id: z.uuid(),
  event: z.string().nullable(),
  template_id: z.uuid().nullable(),
  company_id: z.uuid().nullable(),
  to: z.string(),
  language: z.string(),
  status: mailStatusSchema,
  /** 'smtp' when delivered to an SMTP server, 'viewer' when kept for the built-in viewer (no SMTP configured). */
  transport: z.enum(['smtp', 'viewer']).nullable(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  message_id: z.string().nullable(),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
});
export type SentMail = z.infer<typeof sentMailSchema>;
export const sendMailResponseSchema = z.object({ message: z.string(), id: z.uuid(), status: mailStatusSchema });

export const sentMailListQuerySchema = z.object({ ...mailListQueryFields, status: mailStatusSchema.optional() });
export type SentMailListQuery = z.input<typeof sentMailListQuerySchema>;

/**
 * The schemas that name a mail event. Given the events the server's areas declare, an event is one of them
 * (what the mail routes accept and describe); without, any `<module>.<event>` (the shapes the web reads).
 */
export function mailEventSchemas(events?: readonly MailEvent[]) {
  const event: z.ZodType<MailEvent> = events
    ? z.enum(events as [MailEvent, ...MailEvent[]])
    : z.templateLiteral([z.string(), '.', z.string()]);
  const modules = events && [...new Set(events.map(mailModuleOf))];
  // The fields in the order the wire has always carried them.
  const create = z.object({
    name: textSchema(MAIL_LIMITS.nameMax, { required: 'The name is required' }),
    event: event.nullable().default(null),
    ...mailTemplateCreateFields,
  });
  const assignments = z.array(z.object({ event, template_id: z.uuid().nullable() })).min(1);
  return {
    template: z.object({ id: z.uuid(), name: z.string(), event: event.nullable(), ...mailTemplateFields }),
    templateCreate: create,
    templateUpdate: create.extend({ id: z.uuid() }),
    templateListQuery: z.object({ ...mailListQueryFields, event: event.optional() }),
    sendMailBody: z
      .object({
        /** Send the template assigned to this event… */
        event: event.optional(),
        /** …or this template. */
        template_id: z.uuid().optional(),
        to: mailSchema,
        language: z.enum(LANGUAGE_CODES).default('en'),
        variables: mailVariablesSchema.default({}),
      })
      .refine((b) => !!b.event !== !!b.template_id, {
        message: 'Give either an event or a template',
        path: ['event'],
      }),
    assignment: z.object({
      event,
      module: z.string(),
      template_id: z.uuid().nullable(),
      template_name: z.string().nullable(),
      updated_at: z.iso.datetime().nullable(),
    }),
    assignmentsSave: z.object({
      assignments: (events ? assignments.max(events.length) : assignments).refine(
        (a) => new Set(a.map((x) => x.event)).size === a.length,
        { message: 'Each event once' },
      ),
    }),
    assignmentModuleQuery: z.object({
      module: modules ? z.enum(modules as [string, ...string[]]) : z.string(),
    }),
  };
}

const anyEvent = mailEventSchemas();
export const mailTemplateSchema = anyEvent.template;
export type MailTemplate = z.infer<typeof mailTemplateSchema>;
export const mailTemplateCreateSchema = anyEvent.templateCreate;
export type MailTemplateCreate = z.input<typeof mailTemplateCreateSchema>;
export const mailTemplateUpdateSchema = anyEvent.templateUpdate;
export type MailTemplateUpdate = z.input<typeof mailTemplateUpdateSchema>;
export const mailTemplateListQuerySchema = anyEvent.templateListQuery;
export type MailTemplateListQuery = z.input<typeof mailTemplateListQuerySchema>;
export type SendMailBody = z.input<typeof anyEvent.sendMailBody>;
export const mailTemplateAssignmentSchema = anyEvent.assignment;
export type MailTemplateAssignment = z.infer<typeof mailTemplateAssignmentSchema>;
export type MailTemplateAssignmentsSave = z.input<typeof anyEvent.assignmentsSave>;

/** Paths of the mail service (mounted at /mail). */
export const MAIL_ROUTES = {
  listTemplates: '/list-mail-templates',
  templateById: '/list-mail-template-by-id',
  createTemplate: '/create-mail-template',
  updateTemplate: '/update-mail-template',
  deleteTemplate: '/delete-mail-template',
  previewTemplate: '/preview-mail-template',
  sendMail: '/send-mail',
  listSentMails: '/list-sent-mails',
  sentMailById: '/list-sent-mail-by-id',
} as const;

/** Paths of the main backend (mounted at /api) for mail template assignments. */
export const MAIL_ASSIGNMENT_ROUTES = {
  list: '/mail-template-assignments',
  byModule: '/mail-template-assignments/get-by-module',
  save: '/mail-template-assignments',
} as const;

/** The mail templates' refusals. */
export const MAIL_TEMPLATE_ERRORS = defineErrors({
  MAIL_LINK_TEMPLATE_ADMIN_ONLY: {
    status: 403,
    message:
      'Only an administrator may change the templates of mails that carry an account link (invitation, password reset), or assign them other templates',
  },
});

/** The mail template assignments' refusals. */
export const MAIL_TEMPLATE_ASSIGNMENT_ERRORS = defineErrors({
  MAIL_TEMPLATE_NOT_FOUND: { status: 404, message: 'The mail template was not found' },
});

declare module './errors' {
  interface AreaErrors {
    'mail-templates': typeof MAIL_TEMPLATE_ERRORS;
    'mail-template-assignments': typeof MAIL_TEMPLATE_ASSIGNMENT_ERRORS;
  }
}

/** The mail template assignments area: its entries of the permission catalogue. */
export const MAIL_TEMPLATE_ASSIGNMENT_PERMISSION_CATALOGUE = [
  backofficePermission('mail-template-assignment', 'templates'),
] as const;

/** The mail templates area (and the sent mails): its entries of the permission catalogue. */
export const MAIL_TEMPLATE_PERMISSION_CATALOGUE = [backofficePermission('mail-template', 'templates')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof MAIL_TEMPLATE_ASSIGNMENT_PERMISSION_CATALOGUE> {}
  interface PermissionTitles extends TitlesOf<typeof MAIL_TEMPLATE_PERMISSION_CATALOGUE> {}
}
