import { errorResponsesFor } from '@cuspid/contracts';
import { SEARCH_ROUTES, searchQuerySchema, searchResponseSchema } from '@cuspid/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import type { SearchProvider } from '../../lib/search-provider';
import { requireActor } from '../../plugins/authenticate';
import * as service from './search.service';

const errors = errorResponsesFor(400, 401, 403, 419);

/** The global search over the given providers (ADR 0080). */
export const searchRoutes =
  (providers: readonly SearchProvider[]): FastifyPluginAsyncZod<{ deps: Deps }> =>
  async (app, { deps }) => {
    app.get(
      SEARCH_ROUTES.search,
      {
        // No permission of its own: each area answers only for callers who may list it.
        schema: {
          tags: ['search'],
          summary: 'Search records of every area the caller may list, grouped by area (?q=)',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, ...errors },
        },
      },
      (request) => service.search(deps, providers, requireActor(request), request.query),
    );
  };
