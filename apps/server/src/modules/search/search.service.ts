import type { SearchQuery, SearchResponse } from '@cuspid/contracts/search';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import type { SearchProvider } from '../../lib/search-provider';
import { mayUseProvider } from './search.policy';

/**
 * Runs every provider the caller may use at once, each asked for one record more than it shows (so the
 * answer can say that there are more without counting), and keeps the areas that found something.
 */
export async function search(
  deps: Deps,
  providers: readonly SearchProvider[],
  actor: Actor,
  query: SearchQuery,
): Promise<SearchResponse> {
  const usable = providers.filter((provider) => mayUseProvider(actor, provider));
  const found = await Promise.all(usable.map((provider) => provider.search(deps, actor, query.q, query.limit + 1)));
  return {
    groups: usable
      .map((provider, i) => ({
        area: provider.area,
        items: found[i]!.slice(0, query.limit),
        has_more: found[i]!.length > query.limit,
      }))
      .filter((group) => group.items.length > 0),
  };
}
