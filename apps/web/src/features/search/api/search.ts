import { SEARCH_LIMITS, SEARCH_ROUTES, type SearchResponse } from '@cuspid/contracts/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  term: (q: string) => [...searchKeys.all, q] as const,
};

export const searchRecords = (q: string, signal?: AbortSignal) =>
  api.get<SearchResponse>('api', SEARCH_ROUTES.search, { query: { q }, signal });

/** Whether a term is long enough for the server to search (shorter ones would be refused with 400). */
export const isSearchableTerm = (q: string) => q.trim().length >= SEARCH_LIMITS.minLength;

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.term(q.trim()),
    queryFn: ({ signal }) => searchRecords(q.trim(), signal),
    // A new term keeps the previous results on screen until its own arrive (no flicker while typing).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Records of every area the user may list that match `q` (pass it debounced); idle for a too short term. */
export const useSearchRecords = (q: string) => useQuery({ ...searchQuery(q), enabled: isSearchableTerm(q) });
