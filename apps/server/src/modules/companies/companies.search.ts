import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './companies.repository';

/** Companies in the global search: whoever may list companies finds those the list shows them. */
export const companiesSearch: SearchProvider = {
  area: 'companies',
  permission: 'backoffice-company',
  async search(deps, actor, term, limit) {
    const rows = await repo.searchCompanies(deps.db, actor, term, limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.companyName,
      subtitle: [row.companyNumber, row.city].filter(Boolean).join(' · '),
    }));
  },
};
