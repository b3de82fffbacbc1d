import type { RecordPages } from '../../lib/record-pages';

export const invoicePaths = {
  invoices: '/invoices',
  invoiceCreate: '/invoices/create',
  invoiceEditRoute: '/invoices/:id/edit',
  invoiceEdit: (id: string) => `/invoices/${id}/edit`,
  invoiceShowRoute: '/invoices/:id/show',
  invoiceShow: (id: string) => `/invoices/${id}/show`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  invoice: invoicePaths.invoiceShow,
};
