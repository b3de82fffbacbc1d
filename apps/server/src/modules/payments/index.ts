import { PAYMENT_ERRORS, PAYMENT_PERMISSION_CATALOGUE } from '@cuspid/contracts/payments';
import { defineModule } from '../../lib/define-module';
import { PAYMENT_MAILS } from './payments.mail-seed';
import { paymentsRoutes } from './payments.routes';

export { paymentMethods } from './payments.methods';
export {
  bankTransferInstructions,
  findTransferAccount,
  requireTransferAccount,
  startCheckout,
  type TransferAccount,
} from './payments.service';
export { markPaidByHand, type PaymentReport, recordPayment, type Settlement } from './payments.settle';

/** Payments (ADR 0106): settling invoices, bank transfers and statements, card checkout, the payment history. */
export const paymentsModule = defineModule({
  name: 'payments',
  service: 'api',
  errors: PAYMENT_ERRORS,
  routes: paymentsRoutes,
  mail: PAYMENT_MAILS,
  permissions: PAYMENT_PERMISSION_CATALOGUE,
  publicRoutes: {
    'POST /api/payments/stripe/webhook': {
      auth: 'none',
      why: "Stripe's deliveries; the Stripe-Signature is the proof",
    },
  },
  auditKinds: ['payment'],
});
