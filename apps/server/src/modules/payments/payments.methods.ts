import type { PaymentProvider } from '@cuspid/contracts/payments';
import type { Deps } from '../../deps';
import type { CardCheckout } from './payments.providers';
import { stripeProvider } from './payments.stripe';

const checkouts = new WeakMap<Deps, CardCheckout | null>();

/** The card checkout this installation is set up for (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), or null. */
export function cardCheckout(deps: Deps): CardCheckout | null {
  let checkout = checkouts.get(deps);
  if (checkout === undefined) {
    checkout = deps.config.stripe ? stripeProvider(deps.config.stripe) : null;
    checkouts.set(deps, checkout);
  }
  return checkout;
}

/** The methods a buyer may choose here: bank transfer always, card when Stripe is set up. */
export function paymentMethods(deps: Deps): PaymentProvider[] {
  return cardCheckout(deps) ? ['bank-transfer', 'stripe'] : ['bank-transfer'];
}
