import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './roles.repository';

/** Roles in the global search, for whoever may list them. */
export const rolesSearch: SearchProvider = {
  area: 'roles',
  permission: 'list-roles',
  async search(deps, _actor, term, limit) {
    const rows = await repo.searchRoles(deps.db, term, limit);
    return rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.name }));
  },
};
