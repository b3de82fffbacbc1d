import { ADMIN_ROLE } from '@cuspid/contracts';
import { CASE_PERMISSIONS } from '@cuspid/contracts/cases';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../test/fixtures';
import { createTestApp, createTestUser, loginAs, type TestContext } from '../../test/setup-app';
import type { Actor } from './actor';
import { loadActor } from './actor.repository';
import { NOTIFICATIONS_APPLICATION_NAME } from './notifications';
import { endsSession, type SessionEndReason, watchSession } from './session-watch';
import { verifyAccessToken } from './tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** A signed-in practice user's caller and claims, and a watch over them that records why it ended. */
async function watched(options: { recheckMs?: number } = {}) {
  const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
  const { token } = await loginAs(ctx.app, user.mail);
  const claims = await verifyAccessToken(ctx.deps.keys, token);
  const actor = (await loadActor(ctx.deps.db, claims))!;
  const reasons: SessionEndReason[] = [];
  const stop = await watchSession(ctx.deps, {
    actor,
    claims,
    permission: CASE_PERMISSIONS.read,
    onEnd: (reason) => reasons.push(reason),
    ...options,
  });
  return { user, actor, reasons, stop };
}

const until = async (check: () => boolean, ms = 5000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
};

describe('watchSession', () => {
  it('matches a notice to the caller it ends, and only to it', () => {
    const watchedUser = testActor({ userId: 'u', companyId: 'c' });
    expect(endsSession(watchedUser, { kind: 'session', id: 's' })).toBe(true);
    expect(endsSession(watchedUser, { kind: 'session', id: 'other' })).toBe(false);
    expect(endsSession(watchedUser, { kind: 'user', id: 'u' })).toBe(true);
    expect(endsSession(watchedUser, { kind: 'company', id: 'c' })).toBe(true);
    // An API key's notice never ends a person's session, even with the same id.
    expect(endsSession(watchedUser, { kind: 'api_key', id: 's' })).toBe(false);
    const key: Actor = {
      kind: 'api-key',
      apiKeyId: 'k',
      userId: 'u',
      companyId: 'c',
      roles: [],
      permissions: [],
      isStaff: false,
    };
    expect(endsSession(key, { kind: 'api_key', id: 'k' })).toBe(true);
    expect(endsSession(key, { kind: 'user', id: 'u' })).toBe(true);
    expect(endsSession(key, { kind: 'session', id: 'k' })).toBe(false);
  });

  it("ends when the caller's company is deleted", async () => {
    const { user, reasons, stop } = await watched();
    try {
      await ctx.deps.db.execute(sql`update backend.companies set deleted_at = now() where id = ${user.companyId}`);
      await until(() => reasons.length > 0);
      expect(reasons).toEqual(['SESSION_EXPIRED']);
    } finally {
      stop();
    }
  });

  it('ends with FORBIDDEN when a periodic lookup finds the permission gone (no notification names a role change)', async () => {
    const { user, reasons, stop } = await watched({ recheckMs: 50 });
    try {
      await ctx.deps.db.execute(sql`delete from auth.user_roles where user_id = ${user.id}`);
      await until(() => reasons.length > 0);
      expect(reasons).toEqual(['FORBIDDEN']);
    } finally {
      stop();
    }
  });

  it('stops listening once stopped: a later end is not reported', async () => {
    const { user, reasons, stop } = await watched();
    stop();
    await ctx.deps.db.execute(sql`update auth.users set is_active = false where id = ${user.id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reasons).toEqual([]);
  });

  it('gives the admin no way around it: an administrator signed out is ended too', async () => {
    const admin = await createTestUser(ctx.deps, { roles: [ADMIN_ROLE], staff: true });
    const { token } = await loginAs(ctx.app, admin.mail);
    const claims = await verifyAccessToken(ctx.deps.keys, token);
    const reasons: SessionEndReason[] = [];
    const stop = await watchSession(ctx.deps, {
      actor: (await loadActor(ctx.deps.db, claims))!,
      claims,
      onEnd: (reason) => reasons.push(reason),
    });
    try {
      await ctx.deps.db.execute(sql`update auth.sessions set revoked_at = now() where user_id = ${admin.id}`);
      await until(() => reasons.length > 0);
      expect(reasons).toEqual(['SESSION_EXPIRED']);
    } finally {
      stop();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    "ends with SERVICE_UNAVAILABLE when the process's notifications connection is lost (an end may have been missed), and listens again after",
    async () => {
      const first = await watched();
      try {
        await ctx.deps.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${NOTIFICATIONS_APPLICATION_NAME}`,
        );
        await until(() => first.reasons.length > 0);
        expect(first.reasons).toEqual(['SERVICE_UNAVAILABLE']);
      } finally {
        first.stop();
      }
      // A new watch opens a new connection and hears ends again.
      const second = await watched();
      try {
        await ctx.deps.db.execute(sql`update auth.users set is_active = false where id = ${second.user.id}`);
        await until(() => second.reasons.length > 0);
        expect(second.reasons).toEqual(['SESSION_EXPIRED']);
      } finally {
        second.stop();
      }
    },
  );
});
