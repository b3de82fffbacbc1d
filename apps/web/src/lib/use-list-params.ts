import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The page sizes every list offers (style guide section 13). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export type ListParams = { page: number; size: number; search: string };

/** The authentication service's list query (users, roles, permissions, API keys): what `toAuthListQuery` builds. */
export type AuthListQuery = {
  limit_start: number;
  limit_count: number;
  search?: string | undefined;
  sort_by?: string | undefined;
  sort_dir?: 'asc' | 'desc';
  /** Only the users of this company. */
  company_id?: string | undefined;
};

type ListParamsChange = Partial<ListParams>;

function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

function isPageSize(value: number | undefined): value is (typeof PAGE_SIZES)[number] {
  return (PAGE_SIZES as readonly number[]).includes(value ?? -1);
}

/**
 * Page, page size and search of a server-side list, kept in the URL query string (`?page=&size=&q=`) so that
 * back/forward, reload and shared links restore them. Default values are left out of the URL; other query
 * parameters (sort, filters) are kept as they are.
 */
export function useListParams() {
  // useLocation and useNavigate rather than useSearchParams: the login page's bundle already holds them.
  const { search: query } = useLocation();
  const navigate = useNavigate();
  const searchParams = useMemo(() => new URLSearchParams(query), [query]);
  const page = positiveInteger(searchParams.get('page')) ?? 1;
  const requestedSize = positiveInteger(searchParams.get('size'));
  const size = isPageSize(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;
  const search = searchParams.get('q') ?? '';

  /** Each change is a history entry, unless `replace` (corrections the user did not ask for). */
  const update = useCallback(
    (change: ListParamsChange, { replace = false }: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(searchParams);
      const put = (key: string, value: string | number | undefined, fallback: string | number) => {
        if (value === undefined) return;
        if (value === fallback || value === '') next.delete(key);
        else next.set(key, String(value));
      };
      put('page', change.page, 1);
      put('size', change.size, DEFAULT_PAGE_SIZE);
      put('q', change.search, '');
      const search = next.toString();
      void navigate({ search: search ? `?${search}` : '' }, { replace });
    },
    [navigate, searchParams],
  );

  const params = useMemo<ListParams>(() => ({ page, size, search }), [page, size, search]);

  return {
    params,
    update,
    setPage: useCallback((next: number) => update({ page: next }), [update]),
    /** A new page size or search starts again at page 1. */
    setSize: useCallback((next: number) => update({ size: next, page: 1 }), [update]),
    setSearch: useCallback((next: string) => update({ search: next, page: 1 }), [update]),
  };
}

/**
 * Filters of a list kept in the URL beside page, size and search: each key's value ('' when absent). A change
 * is a history entry, drops a blank value from the URL and starts again at page 1.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const values = Object.fromEntries(keys.map((key) => [key, query.get(key) ?? ''])) as Record<K, string>;
  const setFilter = useCallback(
    (key: K, value: string) => {
      const next = new URLSearchParams(query);
      const trimmed = value.trim();
      if (trimmed) next.set(key, trimmed);
      else next.delete(key);
      next.delete('page');
      const text = next.toString();
      void navigate({ search: text ? `?${text}` : '' });
    },
    [navigate, query],
  );
  return { values, setFilter, active: keys.some((key) => values[key] !== '') };
}
