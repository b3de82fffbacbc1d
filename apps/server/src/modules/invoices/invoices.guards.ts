import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/invoices': null,
    'POST /api/invoices': null,
    'GET /api/invoices/:id': 'invoice',
    'PUT /api/invoices/:id': 'invoice',
    'DELETE /api/invoices/:id': 'invoice',
    'PATCH /api/update-invoice-status/:id': 'invoice',
    'PATCH /api/invoices/:id/dunning': 'invoice',
    'GET /api/invoices/:id/pdf': 'invoice',
    'GET /api/invoices/download/csv': null,
    'GET /api/invoices/download/latest-csv': null,
    'GET /api/invoices/export-invoice-plan': null,
    'GET /api/invoices/export-invoice-summary': null,
    'POST /api/invoices/send-summary-mail': null,
  },
  records: {
    invoice: {
      scope: 'tenant',
      create: async ({ post, created, adminToken, companyId }) =>
        created(
          await post(
            '/api/invoices',
            { company_id: companyId, lines: [{ name: 'Matrix line', quantity: 1, unit_price: 1000, tax_rate: 1900 }] },
            adminToken,
          ),
        ),
    },
  },
});
