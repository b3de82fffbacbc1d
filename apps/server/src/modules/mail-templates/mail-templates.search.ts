import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './mail-templates.repository';

/** Mail templates in the global search, for whoever may manage them. */
export const mailTemplatesSearch: SearchProvider = {
  area: 'mail-templates',
  permission: 'backoffice-mail-template',
  async search(deps, _actor, term, limit) {
    const rows = await repo.searchTemplates(deps.db, term, limit);
    // The event is a code: the web names it in the reader's language.
    return rows.map((row) => ({
      id: row.id,
      title: row.name,
      ...(row.event ? { subtitle: row.event, kind: row.event } : {}),
    }));
  },
};
