import type { CaseEvent } from '@cuspid/contracts/cases';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse } from '../../../testing/fixtures';
import { CaseEventsStream, useCaseEvents } from '../components/case-events-stream';
import { CASE_A, CASE_B, caseListItem, caseRecord, signInWith } from '../test-fixtures';
import { applyCaseEvent, parseEventStream, streamCaseEvents } from './case-events';
import { type CaseList, caseKeys } from './cases';

const event = (overrides: Partial<CaseEvent> = {}): CaseEvent => ({
  case_id: CASE_A,
  status: 'done',
  previous_status: null,
  jaws: [{ jaw: 'upper', status: 'done' }],
  result_count: 1,
  locked_by: null,
  locked_by_name: null,
  locked_at: null,
  at: '2026-11-25T03:00:00.000Z',
  ...overrides,
});

const frame = (body: CaseEvent | string) =>
  `event: case\ndata: ${typeof body === 'string' ? body : JSON.stringify(body)}\n\n`;

/** A streamed answer that sends `chunks` one by one, then stays open until `close` (or ends at once). */
function streamResponse(chunks: string[], { keepOpen = false } = {}) {
  const encoder = new TextEncoder();
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (keepOpen) close = () => controller.close();
      else controller.close();
    },
  });
  return { response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }), close };
}

describe('parseEventStream', () => {
  it('splits complete events, joins multi-line data, skips comments and keeps the incomplete rest', () => {
    const { events, rest } = parseEventStream(
      ': keep-alive\n\nevent: case\ndata: {"a":\ndata: 1}\nid: 7\n\r\nevent: case\ndata: {"b"',
    );
    expect(events).toEqual([{ event: 'case', data: '{"a":\n1}', id: '7' }]);
    expect(rest).toBe('event: case\ndata: {"b"');
  });
});

describe('streamCaseEvents', () => {
  it('reads the stream with the session token and hands on each valid case event, across chunk borders', async () => {
    signInWith(['backoffice-case-instance']);
    const controller = new AbortController();
    const first = event({ status: 'in-progress' });
    const second = event({ case_id: CASE_B, status: 'failed' });
    const text = `${frame(first)}${frame('not json')}${frame('{"case_id":"x"}')}: ping\n\n${frame(second)}`;
    const { response } = streamResponse([text.slice(0, 37), text.slice(37, 120), text.slice(120)]);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(response)
      .mockImplementation(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    const received: CaseEvent[] = [];
    void streamCaseEvents({ signal: controller.signal, onEvent: (e) => received.push(e), initialDelayMs: 1 });
    await vi.waitFor(() => expect(received).toEqual([first, second]));
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(new URL(url, 'http://localhost').pathname).toBe('/api/cases/events');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-token-1');
    expect((init.headers as Record<string, string>).Accept).toBe('text/event-stream');
    controller.abort();
  });

  it('reconnects after a failure and after the stream ends, waiting longer each time it fails', async () => {
    signInWith(['backoffice-case-instance']);
    const controller = new AbortController();
    const statuses: string[] = [];
    const received: CaseEvent[] = [];
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(new Response('busy', { status: 503 }))
      .mockResolvedValueOnce(streamResponse([frame(event({ status: 'queued' }))]).response)
      .mockResolvedValueOnce(streamResponse([frame(event({ status: 'in-progress' }))]).response)
      .mockImplementation(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const started = Date.now();
    void streamCaseEvents({
      signal: controller.signal,
      onEvent: (e) => received.push(e),
      onStatus: (s) => statuses.push(s),
      initialDelayMs: 20,
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5));
    expect(received.map((e) => e.status)).toEqual(['queued', 'in-progress']);
    expect(statuses).toEqual(['error', 'error', 'open', 'closed', 'open', 'closed']);
    // 20 ms after the first failure, 40 ms after the second; back to 20 ms after a stream that opened.
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    controller.abort();
  });

  /**
   * A server that renews the session (access-token-2) and answers the stream's attempts in turn (then stays silent);
   * returns the Authorization header of each attempt.
   */
  function stubStreamServer(attempts: (() => Response)[]): string[] {
    const tokens: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.endsWith('/refresh-token'))
          return jsonResponse(
            loginResponse({}, { token: 'access-token-2', refresh_token: 'refresh-token-2-bbbbbbbbbbbbbbbb' }),
          );
        tokens.push((init.headers as Record<string, string>).Authorization ?? '');
        return attempts[tokens.length - 1]?.() ?? new Promise<Response>(() => {});
      }),
    );
    return tokens;
  }

  it('renews an expired token and opens the stream again with the new one', async () => {
    signInWith(['backoffice-case-instance']);
    const controller = new AbortController();
    const received: CaseEvent[] = [];
    const tokens = stubStreamServer([
      () => new Response('', { status: 401 }),
      () => streamResponse([frame(event())]).response,
    ]);
    void streamCaseEvents({ signal: controller.signal, onEvent: (e) => received.push(e), initialDelayMs: 1 });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(tokens.slice(0, 2)).toEqual(['Bearer access-token-1', 'Bearer access-token-2']);
    controller.abort();
  });

  it('renews the token at once when the server ends the stream with TOKEN_EXPIRED, and comes back with the new one', async () => {
    signInWith(['backoffice-case-instance']);
    const controller = new AbortController();
    const received: CaseEvent[] = [];
    const tokens = stubStreamServer([
      () => streamResponse([frame(event()), 'event: end\ndata: {"code":"TOKEN_EXPIRED","message":"x"}\n\n']).response,
      () => streamResponse([frame(event({ case_id: CASE_B }))], { keepOpen: true }).response,
    ]);
    // A long pause between attempts: coming back after TOKEN_EXPIRED must not wait for it.
    void streamCaseEvents({ signal: controller.signal, onEvent: (e) => received.push(e), initialDelayMs: 60_000 });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(tokens).toEqual(['Bearer access-token-1', 'Bearer access-token-2']);
    expect(sessionStore.get()?.token).toBe('access-token-2');
    controller.abort();
  });

  it('ends the session here when the server ends the stream with SESSION_EXPIRED or answers 419', async () => {
    for (const answer of [
      () => streamResponse(['event: end\ndata: {"code":"SESSION_EXPIRED","message":"x"}\n\n']).response,
      () => new Response('{"code":"SESSION_EXPIRED","message":"x"}', { status: 419 }),
    ]) {
      signInWith(['backoffice-case-instance']);
      const fetchMock = vi.fn().mockImplementation(async () => answer());
      vi.stubGlobal('fetch', fetchMock);
      await streamCaseEvents({ signal: new AbortController().signal, onEvent: () => {}, initialDelayMs: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(sessionStore.get()).toBeNull();
    }
  });

  it('stops without a session and when the user may not see cases', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('', { status: 403 }));
    vi.stubGlobal('fetch', fetchMock);
    await streamCaseEvents({ signal: new AbortController().signal, onEvent: () => {} });
    expect(fetchMock).not.toHaveBeenCalled();
    signInWith(['backoffice-case-instance']);
    await streamCaseEvents({ signal: new AbortController().signal, onEvent: () => {} });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('useCaseEvents', () => {
  function wrapper(client: QueryClient) {
    return ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
  }

  it('puts each event into the cached list pages and the open case, and reads its results and history again', async () => {
    signInWith(['backoffice-case-instance']);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const pageKey = caseKeys.page({
      page: 1,
      size: 25,
      search: '',
      statuses: [],
      flag: '',
      tag: '',
      company: '',
      from: '',
      to: '',
    });
    client.setQueryData<CaseList>(pageKey, {
      data: [
        caseListItem({ id: CASE_A, status: 'queued', result_count: 0 }),
        caseListItem({ id: CASE_B, status: 'done' }),
      ],
      total: 2,
    });
    client.setQueryData(caseKeys.detail(CASE_A), caseRecord({ status: 'queued', result_count: 0 }));
    client.setQueryData(caseKeys.results(CASE_A), { data: [], total: 0 });
    const { response, close } = streamResponse([frame(event({ status: 'in-approval', result_count: 1 }))], {
      keepOpen: true,
    });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(response)
        .mockImplementation(() => new Promise(() => {})),
    );

    const { unmount } = render(<CaseEventsStream />, { wrapper: wrapper(client) });
    await vi.waitFor(() => expect(client.getQueryData<CaseList>(pageKey)!.data[0]!.status).toBe('in-approval'));
    const page = client.getQueryData<CaseList>(pageKey)!;
    expect(page.data[0]!.result_count).toBe(1);
    expect(page.data[1]!.status).toBe('done');
    expect(page.data[1]!.updated_at).toBe(caseListItem().updated_at);
    expect(client.getQueryData<ReturnType<typeof caseRecord>>(caseKeys.detail(CASE_A))!.status).toBe('in-approval');
    expect(client.getQueryState(caseKeys.results(CASE_A))!.isInvalidated).toBe(true);
    unmount();
    close();
  });

  it('puts a lock change into the open case and the list rows: a lock taken and released elsewhere shows at once', () => {
    const client = new QueryClient();
    const pageKey = caseKeys.page({
      page: 1,
      size: 25,
      search: '',
      statuses: [],
      flag: '',
      tag: '',
      company: '',
      from: '',
      to: '',
    });
    client.setQueryData<CaseList>(pageKey, { data: [caseListItem({ id: CASE_A })], total: 1 });
    client.setQueryData(caseKeys.detail(CASE_A), caseRecord());
    const staff = '7d1f0b52-95a4-4c38-9b0e-3c1d2e4f5a6b';
    const lockedAt = '2026-11-25T03:00:00.000Z';
    applyCaseEvent(
      client,
      event({ status: 'in-approval', locked_by: staff, locked_by_name: 'Sam Staff', locked_at: lockedAt }),
    );
    const locked = { locked_by: staff, locked_by_name: 'Sam Staff', locked_at: lockedAt };
    expect(client.getQueryData(caseKeys.detail(CASE_A))).toMatchObject(locked);
    expect(client.getQueryData<CaseList>(pageKey)!.data[0]).toMatchObject(locked);

    applyCaseEvent(client, event({ status: 'in-approval' }));
    const free = { locked_by: null, locked_by_name: null, locked_at: null };
    expect(client.getQueryData(caseKeys.detail(CASE_A))).toMatchObject(free);
    expect(client.getQueryData<CaseList>(pageKey)!.data[0]).toMatchObject(free);
  });

  it('reads the lists again, once, after events about cases no cached page shows', async () => {
    signInWith(['backoffice-case-instance']);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const pageKey = caseKeys.page({
      page: 1,
      size: 25,
      search: '',
      statuses: [],
      flag: '',
      tag: '',
      company: '',
      from: '',
      to: '',
    });
    client.setQueryData<CaseList>(pageKey, { data: [caseListItem({ id: CASE_A })], total: 1 });
    const newcomer = (n: number) => event({ case_id: `0000000${n}-0000-4000-8000-000000000000`, status: 'queued' });
    const { response, close } = streamResponse([frame(event()), frame(newcomer(1)), frame(newcomer(2))], {
      keepOpen: true,
    });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(response)
        .mockImplementation(() => new Promise(() => {})),
    );
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    function Probe() {
      useCaseEvents({ listRefreshDelayMs: 30 });
      return null;
    }
    const { unmount } = render(<Probe />, { wrapper: wrapper(client) });
    await vi.waitFor(() => expect(client.getQueryData<CaseList>(pageKey)!.data[0]!.status).toBe('done'));
    await vi.waitFor(() => expect(client.getQueryState(pageKey)!.isInvalidated).toBe(true));
    await new Promise((r) => setTimeout(r, 60));
    const listRefreshes = invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[1] === 'page');
    expect(listRefreshes).toHaveLength(1);
    unmount();
    close();
  });

  it('opens one stream while signed in with the case permission, and closes it on sign-out', async () => {
    const client = new QueryClient();
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signals.push(init.signal!);
        return new Promise(() => {});
      }),
    );
    function Probe() {
      useCaseEvents();
      return null;
    }
    signInWith(['list-users']);
    const { rerender } = render(<Probe />, { wrapper: wrapper(client) });
    await new Promise((r) => setTimeout(r, 20));
    expect(signals).toHaveLength(0);

    signInWith(['backoffice-case-instance']);
    rerender(<Probe />);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    rerender(<Probe />);
    expect(signals).toHaveLength(1);

    const { sessionStore } = await import('../../../lib/session');
    sessionStore.clear();
    await vi.waitFor(() => expect(signals[0]!.aborted).toBe(true));
  });
});
