export const contentPaths = {
  faq: '/faq',
  dataPrivacy: '/data-privacy',
} as const;
