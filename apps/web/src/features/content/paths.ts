import type { RecordPages } from '../../lib/record-pages';

export const contentPaths = {
  faq: '/faq',
  dataPrivacy: '/data-privacy',
  globalConfiguration: '/global-configuration',
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  'global-configuration': () => contentPaths.globalConfiguration,
};
