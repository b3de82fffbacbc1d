import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../lib/session';

/** Spec section 4: logout removes the stored user locally, with no server call. */
export function logout(queryClient?: QueryClient): void {
  sessionStore.clear();
  queryClient?.clear();
}
