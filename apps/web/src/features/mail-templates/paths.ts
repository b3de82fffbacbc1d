export const mailTemplatePaths = {
  mailTemplates: '/mail-templates',
  mailTemplateCreate: '/mail-templates/create',
  mailTemplateEditRoute: '/mail-templates/:id/edit',
  mailTemplateEdit: (id: string) => `/mail-templates/${id}/edit`,
  mailTemplateAssignment: '/mail-template-assignment',
} as const;
