export const companyPaths = {
  myCompany: '/my-company',
  customers: '/customers',
  customerCreate: '/customers/create',
  customerEditRoute: '/customers/:id/edit',
  customerEdit: (id: string) => `/customers/${id}/edit`,
  customerShowRoute: '/customers/:id/show',
  customerShow: (id: string) => `/customers/${id}/show`,
} as const;
