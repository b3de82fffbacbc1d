/** Every URL of the web app, in one place. */
export const paths = {
  login: '/',
  register: '/register',
  notFound: '/error-404',
  home: '/home',
  accountSetting: '/account-setting',
  faq: '/faq',
  dataPrivacy: '/data-privacy',
  permissions: '/permissions',
  documentTemplates: '/document-templates',
  documentTemplateCreate: '/document-templates/create',
  documentTemplateEditRoute: '/document-templates/:id/edit',
  documentTemplateShowRoute: '/document-templates/:id/show',
  documentTemplateEdit: (id: string) => `/document-templates/${encodeURIComponent(id)}/edit`,
  documentTemplateShow: (id: string) => `/document-templates/${encodeURIComponent(id)}/show`,
  documentAssignment: '/document-assignment',
} as const;
