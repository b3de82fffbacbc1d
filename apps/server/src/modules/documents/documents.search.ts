import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './documents.repository';

/** Document templates in the global search: the templates list's scope (staff see every company's). */
export const documentTemplatesSearch: SearchProvider = {
  area: 'document-templates',
  permission: 'backoffice-document-template',
  async search(deps, actor, term, limit) {
    const rows = await repo.searchTemplates(deps.db, actor, term, limit);
    return rows.map((row) => ({ id: row.id, title: row.name ?? row.fileName, subtitle: row.fileName }));
  },
};
