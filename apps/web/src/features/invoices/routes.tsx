import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { invoicePaths } from './paths';

// INVOICE_PERMISSION of @cuspid/contracts/invoices, written out: importing that module would put its schemas (zod) into the login page's
// bundle, which loads the route table.
const INVOICE_PERMISSION = 'backoffice-invoice' satisfies PermissionTitle;

export const routes: AppRoute[] = [
  {
    path: invoicePaths.invoices,
    page: lazyPage(() => import('./pages/invoices'), 'InvoicesPage'),
    permission: INVOICE_PERMISSION,
  },
  {
    path: invoicePaths.invoiceCreate,
    page: lazyPage(() => import('./pages/invoice-form'), 'InvoiceCreatePage'),
    permission: INVOICE_PERMISSION,
  },
  {
    path: invoicePaths.invoiceEditRoute,
    page: lazyPage(() => import('./pages/invoice-form'), 'InvoiceEditPage'),
    permission: INVOICE_PERMISSION,
  },
  {
    path: invoicePaths.invoiceShowRoute,
    page: lazyPage(() => import('./pages/invoice-show'), 'InvoiceShowPage'),
    permission: INVOICE_PERMISSION,
  },
];
