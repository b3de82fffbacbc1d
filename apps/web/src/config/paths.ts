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
  mailTemplates: '/mail-templates',
  mailTemplateCreate: '/mail-templates/create',
  mailTemplateEdit: '/mail-templates/:id/edit',
  mailTemplateAssignment: '/mail-template-assignment',
  sentMails: '/sent-mails',
  documentTemplates: '/document-templates',
  documentTemplateCreate: '/document-templates/create',
  documentTemplateEditRoute: '/document-templates/:id/edit',
  documentTemplateShowRoute: '/document-templates/:id/show',
  documentTemplateEdit: (id: string) => `/document-templates/${encodeURIComponent(id)}/edit`,
  documentTemplateShow: (id: string) => `/document-templates/${encodeURIComponent(id)}/show`,
  documentAssignment: '/document-assignment',
} as const;

export const mailTemplateEditPath = (id: string) => `/mail-templates/${id}/edit`;
