import type { RecordPages } from '../../lib/record-pages';

export const packagePaths = {
  packages: '/packages',
  packageCreate: '/packages/create',
  packageEditRoute: '/packages/:id/edit',
  packageShowRoute: '/packages/:id/show',
  packageEdit: (id: string) => `/packages/${encodeURIComponent(id)}/edit`,
  packageShow: (id: string) => `/packages/${encodeURIComponent(id)}/show`,
  countryCredits: '/country-credits',
  creditSettings: '/credit-settings',
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  package: packagePaths.packageShow,
  'country-credit': () => packagePaths.countryCredits,
  'country-package': () => packagePaths.countryCredits,
  'credit-settings': () => packagePaths.creditSettings,
};
