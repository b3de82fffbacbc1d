import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type SortParams = { sortBy: string | undefined; sortDir: 'asc' | 'desc' };

/** Sort column and direction of a server-side list, kept in the URL (`?sort=&dir=`) beside page, size and search. */
export function useSortParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const sort = useMemo<SortParams>(
    () => ({ sortBy: params.get('sort') ?? undefined, sortDir: params.get('dir') === 'desc' ? 'desc' : 'asc' }),
    [params],
  );
  /** Clicking the sorted column again flips the direction; a new column starts ascending, at page 1. */
  const toggle = useCallback(
    (column: string) => {
      const next = new URLSearchParams(params);
      const dir = sort.sortBy === column && sort.sortDir === 'asc' ? 'desc' : 'asc';
      next.set('sort', column);
      next.set('dir', dir);
      next.delete('page');
      void navigate({ search: `?${next.toString()}` });
    },
    [navigate, params, sort],
  );
  return { sort, toggle };
}
