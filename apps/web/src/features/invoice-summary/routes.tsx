import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { invoiceSummaryPaths } from './paths';

// INVOICE_PERMISSION of @cuspid/contracts/invoices, written out: importing that module would put its schemas (zod) into the login page's
// bundle, which loads the route table.
const INVOICE_PERMISSION = 'backoffice-invoice' satisfies PermissionTitle;

export const routes: AppRoute[] = [
  {
    path: invoiceSummaryPaths.invoiceSummary,
    page: lazyPage(() => import('./pages/invoice-summary'), 'InvoiceSummaryPage'),
    permission: INVOICE_PERMISSION,
  },
];
