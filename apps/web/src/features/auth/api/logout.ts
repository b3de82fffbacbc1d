import { AUTH_ROUTES } from '@cuspid/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/** How long a logout waits for the server before it signs out locally anyway. */
const LOGOUT_TIMEOUT_MS = 5000;

/** Forgets the signed-in user on this device: stored session and cached answers. */
export function clearLocalSession(queryClient?: QueryClient): void {
  sessionStore.clear();
  queryClient?.clear();
}

/**
 * Logout (ADR 0006): the server ends the session first, so its tokens stop working at once, then the
 * device forgets it. The call names the session by its refresh token and sends no access token, which
 * may have expired. A failed or slow call does not keep anybody signed in: storage is cleared anyway.
 */
export async function logout(queryClient?: QueryClient): Promise<void> {
  const refreshToken = sessionStore.get()?.refresh_token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOGOUT_TIMEOUT_MS);
  try {
    if (refreshToken) {
      await api.post(
        'auth',
        AUTH_ROUTES.logout,
        { refresh_token: refreshToken },
        { skipSessionHandling: true, signal: controller.signal },
      );
    }
  } catch {
    // Signed out locally all the same; the session then ends with its refresh token's expiry.
  } finally {
    clearTimeout(timer);
    clearLocalSession(queryClient);
  }
}
