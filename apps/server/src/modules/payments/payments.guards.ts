import { multipart } from '../../../test/docx';
import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/get-payment-history': null,
    'GET /api/get-payment-history-pdf': null,
    'POST /api/invoices/:id/checkout': 'invoice',
    'POST /api/payments/bank-import': null,
    'POST /api/payments/stripe/webhook': null,
  },
  multipart: {
    'POST /api/payments/bank-import': {
      kinds: [],
      build: () =>
        multipart([
          {
            name: 'file',
            fileName: 'statement.csv',
            content: Buffer.from('Date;Amount;Purpose\n2026-11-27;10,00;Invoice 1999-000001\n'),
          },
        ]),
    },
  },
});
