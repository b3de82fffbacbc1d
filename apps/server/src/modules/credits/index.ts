import { CREDIT_ERRORS, CREDIT_PERMISSION_CATALOGUE } from '@cuspid/contracts/credits';
import { defineModule } from '../../lib/define-module';
import { bookPurchasedCredits, bookRegistrationBonus } from './credits.events';
import { creditsRoutes } from './credits.routes';

export type { Booking, BookingRefs } from './credits.ledger';
export { addCredits, refundBooking, spendCredits, takeCredits } from './credits.ledger';
export { ledgerMismatches, readBalances } from './credits.repository';

/** Credits (ADR 0090): each company's append-only ledger, its balances per credit type, grants and corrections. */
export const creditsModule = defineModule({
  name: 'credits',
  service: 'api',
  errors: CREDIT_ERRORS,
  routes: creditsRoutes,
  on: { 'invoice.paid': bookPurchasedCredits, 'company.registered': bookRegistrationBonus },
  permissions: CREDIT_PERMISSION_CATALOGUE,
  auditKinds: ['credit-booking'],
});
