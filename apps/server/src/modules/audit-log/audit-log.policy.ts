import type { Policy } from '../../lib/authorize';

// Who may read the audit trail (ADR 0065): the route's permission opens it, and the company scope (SQL, in
// audit-log.repository) limits it to entries of companies the actor sees; entries that belong to no company
// (portal settings, definitions) are the back office's alone, as the scope leaves them out for everyone else.

/** Reading one entry: whoever the query let see it; nobody edits or deletes the trail. */
export const readEntryPolicy: Policy<{ companyId: string | null }> = {
  see: (actor, entry) => actor.isStaff || entry.companyId !== null,
  allow: () => true,
};
