import { INVOICE_PERMISSION } from '@cuspid/contracts/invoices';
import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './invoices.repository';

/**
 * Invoices in the global search, by number or company name: the caller's visible invoices, as its invoice list
 * shows them (staff every company's, a partner its customers', never another company's).
 */
export const invoicesSearch: SearchProvider = {
  area: 'invoices',
  permission: INVOICE_PERMISSION,
  async search(deps, actor, term, limit) {
    const rows = await repo.searchInvoices(deps.db, actor, term, limit);
    return rows.map((row) => ({
      id: row.id,
      // A draft has no number until it is issued.
      title: row.number ?? 'Draft',
      subtitle: [row.companyName, row.type === 'credit-note' ? 'credit note' : null, row.status]
        .filter(Boolean)
        .join(' · '),
      details: [row.companyName],
      kind: row.type,
      status: row.status,
      ...(row.number ? {} : { untitled: true }),
    }));
  },
};
