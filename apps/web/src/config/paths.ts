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
} as const;
