import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

// Who may buy at all is the route's permission (backoffice-credit, a company's own credit work); which company
// it may see is the company scope (another company is not found). This is the rule of buying for one.

/**
 * A company's users buy for their own company; the back office may buy for any company (an order taken by phone).
 * A partner sees its customers' credits but buys none for them (403): the invoice would bind the customer.
 */
export function mayBuyFor(actor: Actor, companyId: string): boolean {
  return actor.isStaff || actor.companyId === companyId;
}

export function assertMayBuyFor(actor: Actor, companyId: string): void {
  if (!mayBuyFor(actor, companyId)) throw new AppError('FORBIDDEN');
}
