export const documentTemplatePaths = {
  documentTemplates: '/document-templates',
  documentTemplateCreate: '/document-templates/create',
  documentTemplateEditRoute: '/document-templates/:id/edit',
  documentTemplateShowRoute: '/document-templates/:id/show',
  documentTemplateEdit: (id: string) => `/document-templates/${encodeURIComponent(id)}/edit`,
  documentTemplateShow: (id: string) => `/document-templates/${encodeURIComponent(id)}/show`,
} as const;
