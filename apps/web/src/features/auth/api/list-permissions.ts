import type { permissionRecordSchema } from '@cuspid/contracts';
import { AUTH_ROUTES } from '@cuspid/contracts/auth-routes';
import { PERMISSION_FETCH_LIMIT } from '@cuspid/contracts/i18n';
import { permissionTitlesFrom } from '@cuspid/contracts/permissions';
import { api } from '../../../lib/api-client';
import type { CountedList } from '../../../lib/list-types';
import { sessionStore } from '../../../lib/session';

export type PermissionList = CountedList<typeof permissionRecordSchema>;

/** `search` matches title and scope (case-insensitive, on the server); `limit_count` is at most 1500. */
export type PermissionListQuery = { limit_start: number; limit_count: number; search?: string };

export function listPermissions(
  query: PermissionListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<PermissionList> {
  return api.get<PermissionList>('auth', AUTH_ROUTES.listPermissions, { query, signal: options.signal });
}

let loading: Promise<void> | null = null;

/**
 * Spec section 4: after sign-in, when the user's permission titles are not held yet, load the whole list once
 * and match the stored per-scope values against it. A failure is only logged; navigation continues.
 */
export function loadPermissionTitles(): Promise<void> {
  const session = sessionStore.get();
  if (!session || session.permission_titles !== null) return Promise.resolve();
  loading ??= listPermissions({ limit_start: 0, limit_count: PERMISSION_FETCH_LIMIT })
    .then((list) => {
      const current = sessionStore.get();
      // The user may have signed out (or another user in) meanwhile.
      if (current?.token === session.token) {
        sessionStore.setPermissionTitles(permissionTitlesFrom(current.token_info.permissions, list.data));
      }
    })
    .catch((error: unknown) => {
      console.error('Could not load the permission list', error);
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}
