export const invoicePaths = {
  invoices: '/invoices',
  invoiceCreate: '/invoices/create',
  invoiceEditRoute: '/invoices/:id/edit',
  invoiceEdit: (id: string) => `/invoices/${id}/edit`,
  invoiceShowRoute: '/invoices/:id/show',
  invoiceShow: (id: string) => `/invoices/${id}/show`,
} as const;
