import type { RecordPages } from '../../lib/record-pages';

export const companyPaths = {
  myCompany: '/my-company',
  customers: '/customers',
  customerCreate: '/customers/create',
  customerEditRoute: '/customers/:id/edit',
  customerEdit: (id: string) => `/customers/${id}/edit`,
  customerShowRoute: '/customers/:id/show',
  customerShow: (id: string) => `/customers/${id}/show`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  company: companyPaths.customerShow,
};
