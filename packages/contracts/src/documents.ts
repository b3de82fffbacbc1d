import { z } from 'zod';
import { authListQuerySchema, countedListSchema } from './common';
import { defineErrors } from './errors';
import { backofficePermission, type TitlesOf } from './permissions';
import { textSchema, VALIDATION_MESSAGES } from './validation';

/** Paths of the document service, relative to its base URL (spec section 7). */
export const DOCUMENTS_ROUTES = {
  listFiles: '/list-files',
  listFileById: '/list-file-by-id',
  file: '/files',
  filePreview: '/files-preview',
  uploadFile: '/upload-file',
  deleteFile: '/delete-file',
  listTemplates: '/list-templates',
  listTemplateById: '/list-template-by-id',
  createTemplate: '/create-template',
  updateTemplate: '/update-template',
  deleteTemplate: '/delete-template',
  getTemplateVariables: '/get-template-variables',
  processTemplate: '/process-template',
} as const;

/**
 * What the document service accepts, by content (magic bytes), never by name or the client's type
 * (docs/decisions/0045-document-files.md).
 */
export const ALLOWED_FILE_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
} as const;
export type AllowedFileType = keyof typeof ALLOWED_FILE_TYPES;
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Only these are shown inline by /files-preview/{id}. */
export const PREVIEWABLE_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;

export const documentFileSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.uuid().nullable(),
  created_at: z.iso.datetime(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const listFilesQuerySchema = authListQuerySchema;
export const documentFileListSchema = countedListSchema(documentFileSchema);
export type DocumentFileList = z.infer<typeof documentFileListSchema>;

export const fileIdQuerySchema = z.object({ id: z.uuid() });
export const fileIdBodySchema = z.object({ id: z.uuid() });

export const documentTemplateSchema = documentFileSchema.extend({
  name: z.string(),
  description: z.string().nullable(),
  variables: z.array(z.string()),
  updated_at: z.iso.datetime(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;
export const documentTemplateListSchema = countedListSchema(documentTemplateSchema);
export type DocumentTemplateList = z.infer<typeof documentTemplateListSchema>;

export const templateNameSchema = textSchema(200, { required: VALIDATION_MESSAGES.nameRequired });
export const templateDescriptionSchema = textSchema(2000);

/** The text fields of the multipart POST /create-template (the DOCX is the `file` part). */
export const createTemplateFieldsSchema = z.object({
  name: templateNameSchema,
  description: templateDescriptionSchema.optional(),
});

export const updateTemplateBodySchema = z.object({
  id: z.uuid(),
  name: templateNameSchema,
  description: templateDescriptionSchema.nullable().optional(),
});
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;

export const templateVariablesResponseSchema = z.object({ id: z.uuid(), variables: z.array(z.string()) });
export type TemplateVariablesResponse = z.infer<typeof templateVariablesResponseSchema>;

export const PROCESS_FORMATS = ['docx', 'pdf'] as const;
/** A scalar, or lists of rows for loops (`{#items}…{/items}`). */
type TemplateValue = string | number | boolean | null | TemplateValue[] | { [key: string]: TemplateValue };
/** Recursive, so it has a name: the OpenAPI document holds it once, as the component TemplateValue. */
const templateValueSchema: z.ZodType<TemplateValue> = z
  .lazy(() =>
    z.union([
      textSchema(10_000, { trim: false }),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(templateValueSchema).max(1000),
      z.record(textSchema(200, { trim: false }), templateValueSchema),
    ]),
  )
  .meta({ id: 'TemplateValue' });
export const processTemplateBodySchema = z.object({
  id: z.uuid(),
  format: z.enum(PROCESS_FORMATS).default('docx'),
  variables: z.record(textSchema(200, { trim: false }), templateValueSchema).default({}),
  /** File name of the answer, without extension; the template's name when missing. */
  file_name: textSchema(200, { min: 1 }).optional(),
});
export type ProcessTemplateBody = z.input<typeof processTemplateBodySchema>;

/** Documents the product generates from a template (main backend: /global-settings/document-assignment). */
export const DOCUMENT_TYPES = [
  'invoice',
  'invoice-reminder',
  'payment-confirmation',
  'credit-note',
  'cancellation-invoice',
] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentAssignmentSchema = z.object({
  document_type: documentTypeSchema,
  template_id: z.uuid().nullable(),
  template_name: z.string().nullable(),
});
export type DocumentAssignment = z.infer<typeof documentAssignmentSchema>;
export const documentAssignmentListSchema = z.object({ data: z.array(documentAssignmentSchema) });
export type DocumentAssignmentList = z.infer<typeof documentAssignmentListSchema>;

export const saveDocumentAssignmentBodySchema = z.object({
  assignments: z
    .array(z.object({ document_type: documentTypeSchema, template_id: z.uuid().nullable() }))
    .min(1)
    .max(DOCUMENT_TYPES.length),
});
export type SaveDocumentAssignmentBody = z.infer<typeof saveDocumentAssignmentBodySchema>;

export const DOCUMENT_ASSIGNMENT_ROUTE = '/global-settings/document-assignment';

/** The document assignment's refusals. */
export const DOCUMENT_ASSIGNMENT_ERRORS = defineErrors({
  DOCUMENT_TEMPLATE_NOT_FOUND: { status: 404, message: 'The template was not found' },
});

declare module './errors' {
  interface AreaErrors {
    'document-assignment': typeof DOCUMENT_ASSIGNMENT_ERRORS;
  }
}

/** The document assignment area: its entries of the permission catalogue. */
export const DOCUMENT_ASSIGNMENT_PERMISSION_CATALOGUE = [
  backofficePermission('document-assignment', 'templates'),
] as const;

/** The documents area: its entries of the permission catalogue. */
export const DOCUMENT_PERMISSION_CATALOGUE = [backofficePermission('document-template', 'templates')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof DOCUMENT_ASSIGNMENT_PERMISSION_CATALOGUE> {}
  interface PermissionTitles extends TitlesOf<typeof DOCUMENT_PERMISSION_CATALOGUE> {}
}
