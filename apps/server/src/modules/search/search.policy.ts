import type { Actor } from '../../lib/actor';
import { actorCan } from '../../lib/actor';
import type { SearchProvider } from '../../lib/search-provider';

/**
 * Whether a provider answers for this caller: with the permission its area's list needs (the same check
 * as that list's route: the permission, or the admin role; an API key by its scopes). A provider the
 * caller may not use is left out, not refused: the search answers what it may.
 */
export const mayUseProvider = (actor: Actor, provider: SearchProvider) => actorCan(actor, provider.permission);
