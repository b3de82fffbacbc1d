import { companyScope } from '../../lib/company-scope';
import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './users.repository';
import { users } from './users.schema';

/** Users in the global search: the users list's scope (a company user finds its own company's users). */
export const usersSearch: SearchProvider = {
  area: 'users',
  permission: 'list-users',
  async search(deps, actor, term, limit) {
    const rows = await repo.searchUsers(deps.db, companyScope(actor, users.companyId), term, limit);
    return rows.map((row) => {
      const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
      return {
        id: row.id,
        title: name || row.mail,
        subtitle: name ? `${row.mail} · ${row.company_name}` : row.company_name,
      };
    });
  },
};
