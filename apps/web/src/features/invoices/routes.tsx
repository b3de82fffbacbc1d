import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { invoicePaths } from './paths';

// INVOICE_PERMISSION of @cuspid/contracts/invoices, written out: importing that module would put its schemas (zod) into the login page's
// bundle, which loads the route table.
const INVOICE_PERMISSION = 'backoffice-invoice' satisfies PermissionTitle;
/**
 * INVOICE_READ_PERMISSIONS, written out likewise: the list and an invoice's page are open read-only to the payment
 * history's holders (a practice's own issued invoices, ADR 0118); creating and editing stay the back office's.
 */
const INVOICE_READ_PERMISSIONS = [
  INVOICE_PERMISSION,
  'backoffice-payment-history',
] as const satisfies readonly PermissionTitle[];

export const routes: AppRoute[] = [
  {
    path: invoicePaths.invoices,
    page: lazyPage(() => import('./pages/invoices'), 'InvoicesPage'),
    permission: INVOICE_READ_PERMISSIONS,
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
    permission: INVOICE_READ_PERMISSIONS,
  },
];
