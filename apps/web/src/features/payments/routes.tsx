import { PAYMENT_HISTORY_PERMISSION, PURCHASE_PERMISSION } from '@cuspid/contracts/payments';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { paymentPaths } from './paths';

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
