import { INVOICE_PERMISSION } from '@cuspid/contracts/invoices';
import { type Actor, actorCan } from '../../lib/actor';
import { AppError } from '../../lib/errors';

// Who may open the invoice calls at all is the routes' permission (backoffice-invoice; reading also the payment
// history's, ADR 0118); whose invoices a caller sees is the company scope, in the repository's queries (another
// company's invoice is not found). These are the rules of reading and changing one.

/**
 * A caller reading invoices through the payment history's permission alone (a dental practice, ADR 0118) sees the
 * issued invoices and credit notes of its companies only: a draft is the back office's work in progress, not found.
 */
export function readsIssuedOnly(actor: Actor): boolean {
  return !actorCan(actor, INVOICE_PERMISSION);
}

/**
 * Creating, changing, issuing, marking paid and cancelling invoices is the operator's back office: a partner
 * holding backoffice-invoice reads the invoices of the companies in its scope, and changes none (403).
 */
export function mayManageInvoices(actor: Actor): boolean {
  return actor.isStaff;
}

export function assertMayManageInvoices(actor: Actor): void {
  if (!mayManageInvoices(actor)) throw new AppError('FORBIDDEN');
}
