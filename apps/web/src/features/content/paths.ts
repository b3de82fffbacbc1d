export const contentPaths = {
  faq: '/faq',
  dataPrivacy: '/data-privacy',
  globalConfiguration: '/global-configuration',
} as const;
