import type { PermissionTitle } from '@cuspid/contracts';
import type { SearchArea, SearchItem } from '@cuspid/contracts/search';
import type { Deps } from '../deps';
import type { Actor } from './actor';

/**
 * What one area contributes to the global search (`GET /api/search`, ADR 0080), declared in its module's
 * `defineModule({ search })`. The search module runs every provider whose permission the caller holds and
 * never imports the area itself.
 */
export type SearchProvider = {
  area: SearchArea;
  /** The permission of the area's list: a caller without it gets no group for the area (not a 403). */
  permission: PermissionTitle;
  /**
   * Up to `limit` records the caller's list of the area would show for `term` (the same scope and the
   * same ILIKE substring match), exact and prefix matches first. No count.
   */
  search(deps: Deps, actor: Actor, term: string, limit: number): Promise<SearchItem[]>;
};
