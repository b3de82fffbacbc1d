export const companyPaths = {
  myCompany: '/my-company',
  customers: '/customers',
  customerCreate: '/customers/create',
  customerEdit: '/customers/:id/edit',
  customerShow: '/customers/:id/show',
} as const;
