import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listPermissions } from '../../auth';

/** One page of the permission list as the page's URL holds it: 1-based page, page size, search text. */
export type PermissionPageParams = { page: number; size: number; search: string };

export const permissionKeys = {
  all: ['permissions'] as const,
  page: (params: PermissionPageParams) => [...permissionKeys.all, 'page', params] as const,
};

/** GET /list-permissions for one page: the server pages, and searches title and scope. */
export function getPermissionPage(params: PermissionPageParams, signal?: AbortSignal) {
  const search = params.search.trim();
  return listPermissions(
    {
      limit_start: (params.page - 1) * params.size,
      limit_count: params.size,
      search: search === '' ? undefined : search,
    },
    { signal },
  );
}

export const permissionPageQuery = (params: PermissionPageParams) =>
  queryOptions({
    queryKey: permissionKeys.page(params),
    queryFn: ({ signal }) => getPermissionPage(params, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const usePermissionPage = (params: PermissionPageParams) => useQuery(permissionPageQuery(params));
