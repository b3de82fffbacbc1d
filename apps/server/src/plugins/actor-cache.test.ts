import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../test/setup-app';
import { actorCacheOf } from '../lib/actor-cache';
import { sessions } from '../modules/sessions/sessions.schema';

// The callers of recent requests are cached (ADR 0085): these prove that a change made through the server
// takes effect on the very next request, and one made behind its back within AUTH_CACHE_SECONDS.

describe('the caller cache with the default TTL', () => {
  let ctx: TestContext;
  let adminToken: string;
  const { get, post } = requestsTo(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestApp();
    adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  });
  afterAll(() => ctx?.close());

  async function userWithRole(permissions: string[]) {
    const name = `cache-${randomUUID().slice(0, 8)}`;
    const created = await post('/auth/create-role', { name, title: name, permissions }, adminToken);
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json().data as { id: string };
    const user = await createTestUser(ctx.deps, { roles: [name] });
    return { role, user, token: (await loginAs(ctx.app, user.mail)).token };
  }

  it('reuses the caller of a token between reads', async () => {
    const { token } = await userWithRole(['list-users']);
    const cache = actorCacheOf(ctx.deps, 0);
    cache.clear();
    expect((await get('/auth/list-users', token)).statusCode).toBe(200);
    expect(cache.get(token)?.permissions).toEqual(['list-users']);
    expect((await get('/auth/list-users', token)).statusCode).toBe(200);
  });

  it("applies a role's permission change on the next request", async () => {
    const { role, token } = await userWithRole(['list-users']);
    expect((await get('/auth/list-users', token)).statusCode).toBe(200);
    const changed = await post('/auth/update-role', { id: role.id, permissions: [] }, adminToken);
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await get('/auth/list-users', token);
    expect(refused.statusCode).toBe(403);
    const restored = await post('/auth/update-role', { id: role.id, permissions: ['list-users'] }, adminToken);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await get('/auth/list-users', token)).statusCode).toBe(200);
  });

  it('ends a session on the next request after logout, and after a deactivation', async () => {
    const { token } = await userWithRole(['list-users']);
    expect((await get('/auth/list-users', token)).statusCode).toBe(200);
    expect((await post('/auth/logout', {}, token)).statusCode).toBeLessThan(300);
    expect((await get('/auth/list-users', token)).statusCode).toBe(419);

    const other = await userWithRole(['list-users']);
    expect((await get('/auth/list-users', other.token)).statusCode).toBe(200);
    const deactivated = await post('/auth/update-user', { id: other.user.id, is_active: false }, adminToken);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await get('/auth/list-users', other.token)).statusCode).toBe(419);
  });
});

describe('a change made behind the server’s back (another process)', () => {
  let ctx: TestContext;
  const { get } = requestsTo(() => ctx.app);
  afterAll(() => ctx?.close());

  it('takes effect within AUTH_CACHE_SECONDS', async () => {
    ctx = await createTestApp({ AUTH_CACHE_SECONDS: '1' });
    const user = await createTestUser(ctx.deps, { roles: ['admin'], staff: true });
    const { token } = await loginAs(ctx.app, user.mail);
    const filled = Date.now();
    expect((await get('/auth/list-users', token)).statusCode).toBe(200);
    await ctx.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    const meanwhile = await get('/auth/list-users', token);
    // Within the bound the cached caller may still answer; the machine may be slow enough to pass it.
    if (Date.now() - filled < 900) expect(meanwhile.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await get('/auth/list-users', token)).statusCode).toBe(419);
  });

  it('takes effect at once with AUTH_CACHE_SECONDS=0', async () => {
    const off = await createTestApp({ AUTH_CACHE_SECONDS: '0' });
    try {
      const user = await createTestUser(off.deps, { roles: ['admin'], staff: true });
      const { token } = await loginAs(off.app, user.mail);
      const call = () =>
        off.app.inject({ method: 'GET', url: '/auth/list-users', headers: { authorization: `Bearer ${token}` } });
      expect((await call()).statusCode).toBe(200);
      await off.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
      expect((await call()).statusCode).toBe(419);
    } finally {
      await off.close();
    }
  });
});
