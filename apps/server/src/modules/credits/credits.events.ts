import type { Deps } from '../../deps';
import type { EventHandler } from '../../lib/events';
import { addCredits } from './credits.ledger';

/**
 * A paid package invoice books its credits (ADR 0106), in the payment's transaction. Once per invoice: the
 * invoice is paid once, and the ledger's unique purchase index backs that up.
 */
export const bookPurchasedCredits: EventHandler<'invoice.paid', Deps> = async (paid, { tx }) => {
  if (!paid.package) return;
  await addCredits(tx, {
    companyId: paid.companyId,
    creditType: paid.package.creditType,
    amount: paid.package.credits,
    reason: 'purchase',
    invoiceId: paid.invoiceId,
    packageId: paid.package.id,
    note: paid.number ? `Invoice ${paid.number}` : null,
    actor: paid.actor,
  });
};

/** A self-registered company's free credits (the registration configuration's): its first ledger entry (ADR 0090). */
export const bookRegistrationBonus: EventHandler<'company.registered', Deps> = async (registered, { tx }) => {
  if (registered.freeCredits <= 0) return;
  await addCredits(tx, {
    companyId: registered.companyId,
    creditType: 'free',
    amount: registered.freeCredits,
    reason: 'registration_bonus',
  });
};
