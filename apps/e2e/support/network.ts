import type { Page, Request } from 'playwright-core';

/** Requests that stay open on purpose: the live case events (server-sent events) of a signed-in session. */
const LONG_LIVED = [/\/api\/cases\/events(\?|$)/];

const trackers = new WeakMap<Page, Set<Request>>();

/**
 * Counts the page's requests in flight, leaving out the long-lived event stream, which would keep Playwright's
 * own 'networkidle' from ever coming. Call it once when the page is created (before it navigates).
 */
export function trackRequests(page: Page): void {
  if (trackers.has(page)) return;
  const inFlight = new Set<Request>();
  trackers.set(page, inFlight);
  page.on('request', (request) => {
    if (!LONG_LIVED.some((pattern) => pattern.test(request.url()))) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
}

/** Waits until no tracked request has been in flight for `quietMs` (like 'networkidle', without the event stream). */
export async function networkIdle(page: Page, { quietMs = 500, timeoutMs = 30_000 } = {}): Promise<void> {
  const inFlight = trackers.get(page);
  if (!inFlight) throw new Error('trackRequests(page) was not called for this page');
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = inFlight.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    if (inFlight.size === 0) {
      if (!quietSince) quietSince = Date.now();
      if (Date.now() - quietSince >= quietMs) return;
    } else quietSince = 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the network did not settle within ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
}
