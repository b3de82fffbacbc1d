import { randomUUID } from 'node:crypto';
import type { CaseEvent } from '@cuspid/contracts/cases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase } from '../../../test/cases';
import { createTestApp, createTestUser, loginAs, requestsTo, type TestContext } from '../../../test/setup-app';
import { companies } from '../../db/schema';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx?.close());
const { post } = requestsTo(() => ctx.app);

async function practice(resellerId?: string) {
  const [row] = await ctx.deps.db
    .insert(companies)
    .values({
      companyName: `Practice ${randomUUID().slice(0, 6)}`,
      country: 'DE',
      ...(resellerId ? { resellerId } : {}),
    })
    .returning();
  const user = await createTestUser(ctx.deps, {
    companyId: row!.id,
    roles: resellerId === undefined ? ['end-user'] : ['end-user'],
  });
  return { id: row!.id, token: (await loginAs(ctx.app, user.mail)).token };
}

/** Opens GET /api/cases/events like the web does (fetch with the bearer token) and collects its case events. */
async function openStream(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/cases/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: CaseEvent[] = [];
  let buffer = '';
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('retry:')) opened();
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: case') && data) events.push(JSON.parse(data.slice(6)));
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  await open;
  return {
    events,
    async waitFor(predicate: (e: CaseEvent) => boolean, ms = 5000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (events.some(predicate)) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no such event within ${ms} ms: ${JSON.stringify(events)}`);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe('GET /api/cases/events', () => {
  it('streams the status changes of the cases the caller may see, and nothing of other companies', async () => {
    const mine = await practice();
    const other = await practice();
    const a = await createTestCase(ctx.deps, { companyId: mine.id, status: 'approved' });
    const b = await createTestCase(ctx.deps, { companyId: other.id, status: 'approved' });
    const stream = await openStream(mine.token);
    try {
      expect((await post('/api/update-status', { id: b.id, status: 'trash' }, other.token)).statusCode).toBe(200);
      expect((await post('/api/update-status', { id: a.id, status: 'trash' }, mine.token)).statusCode).toBe(200);
      await stream.waitFor((e) => e.case_id === a.id && e.status === 'trash');
      const event = stream.events.find((e) => e.case_id === a.id)!;
      expect(event).toEqual({
        case_id: a.id,
        status: 'trash',
        previous_status: 'approved',
        result_count: 0,
        jaws: [
          { jaw: 'upper', status: 'done' },
          { jaw: 'lower', status: 'done' },
        ],
        at: expect.any(String),
      });
      // The company is not part of the event, and the other company's change never came.
      expect(stream.events.some((e) => e.case_id === b.id)).toBe(false);
      expect(Object.keys(event)).not.toContain('company_id');
    } finally {
      await stream.close();
    }
  });

  it('answers 401 without a session', async () => {
    const response = await fetch(`${base}/api/cases/events`);
    expect(response.status).toBe(401);
  });
});
