import { PURCHASE_ERRORS } from '@cuspid/contracts/payments';
import { defineModule } from '../../lib/define-module';
import { purchasesRoutes } from './purchases.routes';

/** Buying credits (ADR 0106): a package at the company's price, a coupon, an issued invoice, a way to pay it. */
export const purchasesModule = defineModule({
  name: 'purchases',
  service: 'api',
  errors: PURCHASE_ERRORS,
  routes: purchasesRoutes,
});
