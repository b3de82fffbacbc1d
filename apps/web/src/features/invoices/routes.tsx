import { INVOICE_PERMISSION } from '@cuspid/contracts/invoices';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { invoicePaths } from './paths';

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
