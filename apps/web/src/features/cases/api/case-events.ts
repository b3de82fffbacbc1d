import { CASE_ROUTES, type Case, type CaseEvent, caseEventSchema } from '@cuspid/contracts/cases';
import type { QueryClient } from '@tanstack/react-query';
import { endExpiredSession, refreshOrEndSession } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { serviceUrl } from '../../../lib/runtime-config';
import { sessionStore } from '../../../lib/session';
import { type CaseList, caseKeys } from './cases';

export type ServerSentEvent = { event: string; data: string; id?: string };

/**
 * Splits a text/event-stream buffer into complete events (each ends with a blank line) and the incomplete rest.
 * Comment lines (`: keep-alive`) are skipped; several `data:` lines of one event are joined with newlines.
 */
export function parseEventStream(buffer: string): { events: ServerSentEvent[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ServerSentEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (data.length) events.push({ event, data: data.join('\n'), ...(id ? { id } : {}) });
  }
  return { events, rest };
}

/** Who holds the case's lock, as the event says. */
const lockOf = (event: CaseEvent) => ({
  locked_by: event.locked_by,
  locked_by_name: event.locked_by_name,
  locked_at: event.locked_at,
});

/**
 * Puts what an event says into the cached list pages and the cached case; results and logs are read again.
 * Answers whether a cached list page showed the case (a case no page shows, e.g. one a colleague just created, is
 * unknown to the lists: the caller reads them again).
 */
export function applyCaseEvent(queryClient: QueryClient, event: CaseEvent): { listed: boolean } {
  const jawStatus = (jaw: string) => event.jaws.find((j) => j.jaw === jaw)?.status;
  const listed = queryClient
    .getQueriesData<CaseList>({ queryKey: caseKeys.pages() })
    .some(([, page]) => page?.data.some((row) => row.id === event.case_id));
  queryClient.setQueriesData<CaseList>({ queryKey: caseKeys.pages() }, (page) =>
    page
      ? {
          ...page,
          data: page.data.map((row) =>
            row.id === event.case_id
              ? {
                  ...row,
                  status: event.status,
                  previous_status: event.previous_status,
                  result_count: event.result_count,
                  ...lockOf(event),
                  updated_at: event.at,
                  jaws: row.jaws.map((jaw) => ({ ...jaw, status: jawStatus(jaw.jaw) ?? jaw.status })),
                }
              : row,
          ),
        }
      : page,
  );
  const detailKey = caseKeys.detail(event.case_id);
  const before = queryClient.getQueryData<Case>(detailKey);
  if (!before) return { listed };
  queryClient.setQueryData<Case>(detailKey, {
    ...before,
    status: event.status,
    previous_status: event.previous_status,
    result_count: event.result_count,
    ...lockOf(event),
    updated_at: event.at,
    jaws: before.jaws.map((jaw) => ({ ...jaw, status: jawStatus(jaw.jaw) ?? jaw.status })),
  });
  // The event carries no quality report, result files or log lines: the open page reads them again.
  void queryClient.invalidateQueries({ queryKey: caseKeys.logs(event.case_id) });
  if (before.result_count !== event.result_count || before.status !== event.status)
    void queryClient.invalidateQueries({ queryKey: caseKeys.results(event.case_id) });
  if (before.jaws.some((jaw) => jawStatus(jaw.jaw) && jawStatus(jaw.jaw) !== jaw.status))
    void queryClient.invalidateQueries({ queryKey: detailKey });
  return { listed };
}

export type CaseEventStreamOptions = {
  onEvent: (event: CaseEvent) => void;
  signal: AbortSignal;
  /** The first wait before reconnecting; it doubles after each failure, up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Told about every (re)connection attempt and its outcome (for tests and diagnostics). */
  onStatus?: (status: 'open' | 'closed' | 'error') => void;
};

/** The code of a stream's last `event: end` (the error shape's `code`); an unreadable one counts as a plain end. */
function endCode(data: string): string {
  try {
    const { code } = JSON.parse(data) as { code?: unknown };
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Reads GET /api/cases/events until `signal` aborts. EventSource cannot send the Bearer header, so this is a
 * fetch with a streaming reader: same base URL, token and language as the api client. A dropped or refused
 * stream is opened again after a growing pause (1 s, 2 s, 4 s … 30 s; back to 1 s once a stream opened);
 * a 401 refreshes the session first, and the stream ends with the session.
 *
 * The server ends a stream with its session and says why in a last `event: end` ({ code, message }):
 * TOKEN_EXPIRED refreshes the token and opens the stream again at once; SESSION_EXPIRED (the session was signed out,
 * the user deactivated…) ends the session here too, like a 419; FORBIDDEN (the permission was taken away) stops.
 */
export async function streamCaseEvents({
  onEvent,
  signal,
  initialDelayMs = 1000,
  maxDelayMs = 30_000,
  onStatus,
}: CaseEventStreamOptions): Promise<void> {
  let delay = initialDelayMs;
  while (!signal.aborted) {
    const token = sessionStore.get()?.token;
    if (!token) return;
    try {
      const response = await fetch(serviceUrl('api', CASE_ROUTES.events), {
        headers: {
          Accept: 'text/event-stream',
          'Accept-Language': currentLanguage(),
          Authorization: `Bearer ${token}`,
        },
        signal,
        cache: 'no-store',
      });
      if (response.status === 401) {
        onStatus?.('error');
        // The token expired: renew it (a refused renewal ends the session, and with it the stream), then retry
        // after the usual pause, so that a stream the server keeps refusing is not asked for in a tight loop.
        if (!(await refreshOrEndSession())) return;
        await wait(delay, signal);
        delay = Math.min(delay * 2, maxDelayMs);
        continue;
      }
      if (response.status === 419) {
        onStatus?.('error');
        endExpiredSession();
        return;
      }
      // Without the permission (or with no stream on this server) there is nothing to wait for.
      if (response.status === 403 || response.status === 404) {
        onStatus?.('error');
        return;
      }
      if (!response.ok || !response.body) throw new Error(`case events answered ${response.status}`);
      onStatus?.('open');
      delay = initialDelayMs;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let ended: string | null = null;
      while (ended === null) {
        const { done, value } = await reader.read();
        if (done) break;
        const { events, rest } = parseEventStream(buffer + decoder.decode(value, { stream: true }));
        buffer = rest;
        for (const message of events) {
          if (message.event === 'end') {
            ended = endCode(message.data);
            continue;
          }
          if (message.event !== 'case' && message.event !== 'message') continue;
          let json: unknown;
          try {
            json = JSON.parse(message.data);
          } catch {
            continue;
          }
          const parsed = caseEventSchema.safeParse(json);
          if (parsed.success) onEvent(parsed.data);
        }
      }
      if (ended !== null) await reader.cancel().catch(() => {});
      onStatus?.('closed');
      if (ended === 'TOKEN_EXPIRED') {
        if (!(await refreshOrEndSession())) return;
        continue;
      }
      if (ended === 'SESSION_EXPIRED') {
        endExpiredSession(true);
        return;
      }
      if (ended === 'FORBIDDEN') return;
    } catch (error) {
      if (signal.aborted) return;
      onStatus?.('error');
      console.warn('The case events stream failed; reconnecting', error);
    }
    await wait(delay, signal);
    delay = Math.min(delay * 2, maxDelayMs);
  }
}
