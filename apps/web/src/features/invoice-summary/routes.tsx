import { INVOICE_PERMISSION } from '@cuspid/contracts/invoices';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { invoiceSummaryPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: invoiceSummaryPaths.invoiceSummary,
    page: lazyPage(() => import('./pages/invoice-summary'), 'InvoiceSummaryPage'),
    permission: INVOICE_PERMISSION,
  },
];
