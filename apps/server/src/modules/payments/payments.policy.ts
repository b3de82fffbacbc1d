import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

// Who may open the payment calls at all is the routes' permission; whose payments a caller sees is the company
// scope, in the repository's queries (another company's payment or invoice is not found). These are the rules of
// recording money.

/**
 * Recording money received (importing a bank statement, marking an invoice paid) is the operator's back office:
 * a partner holding backoffice-invoice sees its customers' invoices and records no payment (403).
 */
export function mayRecordPayments(actor: Actor): boolean {
  return actor.isStaff;
}

export function assertMayImportStatements(actor: Actor): void {
  if (!mayRecordPayments(actor)) throw new AppError('FORBIDDEN');
}
