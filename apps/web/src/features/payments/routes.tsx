import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { paymentPaths } from './paths';

// PAYMENT_HISTORY_PERMISSION and PURCHASE_PERMISSION of @cuspid/contracts/payments, written out: importing that
// module would put its schemas (zod) into the login page's bundle, which loads the route table.
const PAYMENT_HISTORY_PERMISSION = 'backoffice-payment-history' satisfies PermissionTitle;
const PURCHASE_PERMISSION = 'backoffice-credit' satisfies PermissionTitle;

export const routes: AppRoute[] = [
  {
    path: paymentPaths.paymentHistory,
    page: lazyPage(() => import('./pages/payment-history'), 'PaymentHistoryPage'),
    permission: PAYMENT_HISTORY_PERMISSION,
  },
  {
    path: paymentPaths.buyCredits,
    page: lazyPage(() => import('./pages/buy-credits'), 'BuyCreditsPage'),
    permission: PURCHASE_PERMISSION,
  },
];
