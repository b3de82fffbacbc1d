import { CASE_PERMISSIONS } from '@cuspid/contracts/cases';
import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './cases.repository';

/** Cases in the global search, by name or patient: the caller's visible cases, as its case list shows them. */
export const casesSearch: SearchProvider = {
  area: 'cases',
  permission: CASE_PERMISSIONS.read,
  async search(deps, actor, term, limit) {
    const rows = await repo.searchCases(deps.db, actor, term, limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.name,
      subtitle: `${row.patient} · ${row.companyName} · ${row.status}`,
      details: [row.patient, row.companyName],
      status: row.status,
    }));
  },
};
