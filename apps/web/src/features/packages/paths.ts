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
