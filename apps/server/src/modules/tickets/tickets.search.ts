import { TICKET_PERMISSION } from '@cuspid/contracts/tickets';
import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './tickets.repository';

/**
 * Tickets in the global search, by number or subject: the caller's visible tickets, as its ticket list shows them.
 * Only the ticket's own fields are searched, never a comment, so an internal note cannot be found by a customer.
 */
export const ticketsSearch: SearchProvider = {
  area: 'tickets',
  permission: TICKET_PERMISSION,
  async search(deps, actor, term, limit) {
    const rows = await repo.searchTickets(deps.db, actor, term, limit);
    return rows.map((row) => ({
      id: row.id,
      title: `${row.number} · ${row.subject}`,
      subtitle: [row.companyName, row.status].join(' · '),
      details: [row.companyName],
      status: row.status,
    }));
  },
};
