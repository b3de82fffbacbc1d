import { randomUUID } from 'node:crypto';
import type { CaseEvent } from '@cuspid/contracts/cases';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase } from '../../../test/cases';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { signAccessToken } from '../../lib/tokens';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx?.close());
const { post } = requestsTo(() => ctx.app);

/** The session an access token names (its `sid` claim). */
const sessionOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

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
  const login = await loginAs(ctx.app, user.mail);
  return {
    id: row!.id,
    user,
    token: login.token,
    refreshToken: login.refresh_token,
    sessionId: sessionOf(login.token),
  };
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
  /** The stream's last word (`event: end`): why it ended. */
  const ends: { code: string; message: string }[] = [];
  let buffer = '';
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended' as const;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('retry:')) opened();
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: case') && data) events.push(JSON.parse(data.slice(6)));
          if (block.includes('event: end') && data) ends.push(JSON.parse(data.slice(6)));
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      return 'aborted' as const;
    }
  })();
  await open;
  return {
    events,
    ends,
    /** Resolves with how long the server took to end the stream (ms), or rejects when it is still open after `ms`. */
    async endsWithin(ms: number) {
      const started = Date.now();
      const outcome = await Promise.race([pump, new Promise((resolve) => setTimeout(() => resolve('open'), ms))]);
      if (outcome !== 'ended') throw new Error(`the stream was still ${outcome} after ${ms} ms`);
      return Date.now() - started;
    },
    async waitFor(predicate: (e: CaseEvent) => boolean, ms = 5000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const found = events.find(predicate);
        if (found) return found;
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
        locked_by: null,
        locked_by_name: null,
        locked_at: null,
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

  it("sends who took the case's lock and its release, so that open pages follow the lock at once", async () => {
    const mine = await practice();
    const admin = await createTestAdmin(ctx.deps);
    await ctx.deps.db.update(users).set({ firstName: 'Sam', lastName: 'Staff' }).where(eq(users.id, admin.id));
    const adminToken = (await loginAs(ctx.app, admin.mail)).token;
    const item = await createTestCase(ctx.deps, { companyId: mine.id, status: 'in-approval' });
    const stream = await openStream(mine.token);
    try {
      expect((await post(`/api/cases/lock/${item.id}`, {}, adminToken)).statusCode).toBe(200);
      const locked = await stream.waitFor((e) => e.case_id === item.id && e.locked_by !== null);
      expect(locked).toMatchObject({
        status: 'in-approval',
        locked_by: admin.id,
        locked_by_name: 'Sam Staff',
        locked_at: expect.any(String),
      });
      expect((await post(`/api/cases/unlock/${item.id}`, {}, adminToken)).statusCode).toBe(200);
      const unlocked = await stream.waitFor((e) => e.case_id === item.id && e.locked_by === null);
      expect(unlocked).toMatchObject({ locked_by: null, locked_by_name: null, locked_at: null });
    } finally {
      await stream.close();
    }
  });
});

describe('GET /api/cases/events ends with its session (issue 28, finding 1)', () => {
  /** Each way a session ends, done to a practice user whose stream is open. */
  const endings: { name: string; code: string; end(p: Awaited<ReturnType<typeof practice>>): Promise<unknown> }[] = [
    {
      name: 'POST /auth/logout with the access token',
      code: 'SESSION_EXPIRED',
      end: async (p) => expect((await post('/auth/logout', {}, p.token)).statusCode).toBe(200),
    },
    {
      name: 'POST /auth/logout with the refresh token alone',
      code: 'SESSION_EXPIRED',
      end: async (p) => expect((await post('/auth/logout', { refresh_token: p.refreshToken })).statusCode).toBe(200),
    },
    {
      name: 'sign-out of other sessions, from another session of the same user',
      code: 'SESSION_EXPIRED',
      end: async (p) => {
        const other = await loginAs(ctx.app, p.user.mail);
        expect((await post('/auth/sign-out-other-sessions', {}, other.token)).statusCode).toBe(200);
      },
    },
    {
      name: 'the user deactivated by an administrator',
      code: 'SESSION_EXPIRED',
      end: async (p) => {
        const admin = await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail);
        expect((await post('/auth/update-user', { id: p.user.id, is_active: false }, admin.token)).statusCode).toBe(
          200,
        );
      },
    },
    {
      name: 'the user deleted by an administrator',
      code: 'SESSION_EXPIRED',
      end: async (p) => {
        const admin = await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail);
        expect((await post('/auth/delete-user', { id: p.user.id }, admin.token)).statusCode).toBe(200);
      },
    },
    {
      name: 'the session revoked by SQL from another process',
      code: 'SESSION_EXPIRED',
      end: async (p) => {
        await ctx.deps.db.execute(sql`update auth.sessions set revoked_at = now() where id = ${p.sessionId}`);
      },
    },
  ];

  for (const ending of endings) {
    it(`ends within 5 s after ${ending.name}, saying why`, async () => {
      const p = await practice();
      const stream = await openStream(p.token);
      try {
        await ending.end(p);
        const took = await stream.endsWithin(5000);
        expect(took).toBeLessThan(5000);
        expect(stream.ends).toEqual([{ code: ending.code, message: expect.any(String) }]);
        // Nothing more is delivered, and the token is refused when the client comes back.
        const again = await fetch(`${base}/api/cases/events`, { headers: { authorization: `Bearer ${p.token}` } });
        expect([401, 419]).toContain(again.status);
        await again.body?.cancel();
      } finally {
        await stream.close();
      }
    });
  }

  it('ends when its access token expires, with TOKEN_EXPIRED (the client renews and comes back)', async () => {
    const p = await practice();
    const shortLived = await signAccessToken(
      { ...ctx.deps.keys, accessTokenTtlSeconds: 2 },
      { userId: p.user.id, sessionId: p.sessionId, companyId: p.id },
    );
    const stream = await openStream(shortLived);
    try {
      const took = await stream.endsWithin(5000);
      expect(took).toBeLessThan(5000);
      expect(stream.ends).toEqual([{ code: 'TOKEN_EXPIRED', message: expect.any(String) }]);
    } finally {
      await stream.close();
    }
    // The session itself lives on: the client's renewed token opens the stream again.
    const renewed = await openStream(p.token);
    await renewed.close();
  });

  it.runIf(process.env.DATABASE_URL)(
    'ends when the session is signed out through another server (its own pools and notification connection)',
    async () => {
      const other = await createTestApp();
      try {
        const p = await practice();
        const stream = await openStream(p.token);
        try {
          // By the refresh token: the other server signs with keys of its own (its own data folder).
          const logout = await other.app.inject({
            method: 'POST',
            url: '/auth/logout',
            payload: { refresh_token: p.refreshToken },
          });
          expect(logout.statusCode).toBe(200);
          expect(await stream.endsWithin(5000)).toBeLessThan(5000);
          expect(stream.ends).toEqual([{ code: 'SESSION_EXPIRED', message: expect.any(String) }]);
        } finally {
          await stream.close();
        }
      } finally {
        await other.close();
      }
    },
  );

  it('keeps streaming to the sessions that did not end', async () => {
    const p = await practice();
    const kept = await openStream(p.token);
    const other = await loginAs(ctx.app, p.user.mail);
    const ended = await openStream(other.token);
    const a = await createTestCase(ctx.deps, { companyId: p.id, status: 'approved' });
    try {
      expect((await post('/auth/logout', {}, other.token)).statusCode).toBe(200);
      await ended.endsWithin(5000);
      expect((await post('/api/update-status', { id: a.id, status: 'trash' }, p.token)).statusCode).toBe(200);
      await kept.waitFor((e) => e.case_id === a.id && e.status === 'trash');
      expect(ended.events.some((e) => e.case_id === a.id)).toBe(false);
    } finally {
      await kept.close();
      await ended.close();
    }
  });
});
