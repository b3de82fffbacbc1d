import type { RecordPages } from '../../lib/record-pages';

export const mailTemplatePaths = {
  mailTemplates: '/mail-templates',
  mailTemplateCreate: '/mail-templates/create',
  mailTemplateEditRoute: '/mail-templates/:id/edit',
  mailTemplateEdit: (id: string) => `/mail-templates/${id}/edit`,
  mailTemplateAssignment: '/mail-template-assignment',
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  'mail-template': mailTemplatePaths.mailTemplateEdit,
  'mail-template-assignment': () => mailTemplatePaths.mailTemplateAssignment,
};
