import type { RecordPages } from '../../lib/record-pages';

export const documentTemplatePaths = {
  documentTemplates: '/document-templates',
  documentTemplateCreate: '/document-templates/create',
  documentTemplateEditRoute: '/document-templates/:id/edit',
  documentTemplateShowRoute: '/document-templates/:id/show',
  documentTemplateEdit: (id: string) => `/document-templates/${encodeURIComponent(id)}/edit`,
  documentTemplateShow: (id: string) => `/document-templates/${encodeURIComponent(id)}/show`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  'document-template': documentTemplatePaths.documentTemplateShow,
};
