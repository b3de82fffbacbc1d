import { CASE_PERMISSIONS } from '@cuspid/contracts/cases';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { applyCaseEvent, streamCaseEvents } from '../api/case-events';
import { caseKeys } from '../api/cases';

/**
 * Keeps the cached cases current while the user is signed in: one stream of case events for the whole app
 * (mounted once, in the signed-in chrome), whatever page is open. Opened again when another user signs in;
 * closed on sign-out.
 */
/** How long events about unlisted cases are gathered before the lists are read again (once). */
const LIST_REFRESH_DELAY_MS = 2000;

export function useCaseEvents(options: { initialDelayMs?: number; listRefreshDelayMs?: number } = {}) {
  const queryClient = useQueryClient();
  const session = useSession();
  const { can } = useCan();
  const userId = session?.token_info.user_id;
  // The permission titles arrive after sign-in; the stream waits for them.
  const allowed = Boolean(userId) && session?.permission_titles != null && can(CASE_PERMISSIONS.read);
  const { initialDelayMs, listRefreshDelayMs = LIST_REFRESH_DELAY_MS } = options;

  useEffect(() => {
    if (!allowed || !userId) return;
    const controller = new AbortController();
    let refresh: ReturnType<typeof setTimeout> | undefined;
    void streamCaseEvents({
      signal: controller.signal,
      onEvent: (event) => {
        const { listed } = applyCaseEvent(queryClient, event);
        // A burst of new cases reads the lists once, not once per case.
        if (!listed && !refresh)
          refresh = setTimeout(() => {
            refresh = undefined;
            void queryClient.invalidateQueries({ queryKey: caseKeys.pages() });
          }, listRefreshDelayMs);
      },
      ...(initialDelayMs === undefined ? {} : { initialDelayMs }),
    });
    return () => {
      controller.abort();
      clearTimeout(refresh);
    };
  }, [allowed, userId, queryClient, initialDelayMs, listRefreshDelayMs]);
}

/** Renders nothing: mounts the app's one case events stream. */
export function CaseEventsStream() {
  useCaseEvents();
  return null;
}
