export const casePaths = {
  cases: '/my-cases',
  caseCreate: '/my-cases/create',
  caseShowRoute: '/my-cases/:id/show',
  caseShow: (id: string) => `/my-cases/${id}/show`,
  caseEditRoute: '/my-cases/:id/edit',
  caseEdit: (id: string) => `/my-cases/${id}/edit`,
} as const;
