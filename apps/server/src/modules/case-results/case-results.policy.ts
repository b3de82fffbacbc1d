import { CASE_PERMISSIONS } from '@cuspid/contracts/cases';
import type { Policy } from '../../lib/authorize';
import type { CaseRow } from '../cases';

// Which results an actor sees is the repository's query: those of the cases it sees (caseScope), hidden
// results only for staff, so another company's result is simply not found; reading them is the cases
// module's casePolicy. Beyond that:

/**
 * The engine's scope (ADR 0101): an API key holding backoffice-case-engine may report on and save results
 * for a case the engine is processing, whatever its company; only then. Its owner must be back-office staff:
 * a customer's key with the scope is refused (a customer cannot be an engine for other companies' cases).
 */
export const enginePolicy: Policy<CaseRow> = {
  allow: (actor) => actor.isStaff && actor.permissions.includes(CASE_PERMISSIONS.engine),
};
