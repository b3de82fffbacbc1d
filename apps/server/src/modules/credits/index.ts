import { defineModule } from '../../lib/define-module';

export type { Booking, BookingRefs } from './credits.ledger';
export { addCredits, refundBooking, spendCredits, takeCredits } from './credits.ledger';
export { ledgerMismatches } from './credits.repository';

/** Credits (ADR 0090): each company's append-only ledger, its balances per credit type, grants and corrections. */
export const creditsModule = defineModule({ name: 'credits', service: 'api' });
