import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

// Who may open the invoice calls at all is the routes' permission (backoffice-invoice); whose invoices a caller
// sees is the company scope, in the repository's queries (another company's invoice is not found). These are
// the rules of changing one.

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
