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
  myCompany: '/my-company',
  customers: '/customers',
  unit: '/unit',
  registrationConfiguration: '/registration-configuration',
  customerCreate: '/customers/create',
  customerEdit: '/customers/:id/edit',
  customerShow: '/customers/:id/show',
} as const;
