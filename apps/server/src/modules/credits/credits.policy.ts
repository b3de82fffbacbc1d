import type { Policy } from '../../lib/authorize';
import { AppError } from '../../lib/errors';

// Whose credits an actor may read is the route's permission (backoffice-credit) and the company scope (in SQL:
// another company's credits are not found). These are the rules beyond that.

/**
 * Granting and correcting credits (backoffice-grant-credit) is back-office work: credits are money, and a
 * partner who could grant them to its own customers would create it (ADR 0090). The company was found within
 * the actor's reach before this is asked.
 */
export const grantPolicy: Policy<{ id: string }> = {
  allow: (actor) => actor.isStaff,
  refuse: () => new AppError('CREDIT_GRANT_STAFF_ONLY'),
};
