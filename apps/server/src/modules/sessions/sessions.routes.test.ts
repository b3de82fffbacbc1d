import type { LoginResponse } from '@cuspid/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyTokenFor,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { sessions } from './sessions.schema';

let ctx: TestContext;
let adminToken: string;

const { get, post } = requestsTo(() => ctx.app);
const refresh = (pair: LoginResponse) => post('/auth/refresh-token', { refresh_token: pair.refresh_token });
const sessionIdOf = async (token: string) =>
  (await get('/auth/list-sessions', token)).json().data.find((s: { current: boolean }) => s.current).id as string;

/** The session an access token names (its `sid` claim), readable after the session ended too. */
function sessionIdOfToken(pair: LoginResponse): string {
  const [, payload] = pair.token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).sid;
}

/** An API key's access token (client credentials), for a key with one scope. */
const apiKeyToken = () => apiKeyTokenFor(ctx.app, adminToken, { name: 'Sign-out check', scopes: ['list-users'] });

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

describe('POST /auth/logout', () => {
  it('answers 401 without an access token and without a refresh token', async () => {
    for (const payload of [undefined, {}]) {
      const response = await post('/auth/logout', payload);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 400 for a malformed refresh token, 401 for an unknown one', async () => {
    for (const refresh_token of [42, 'short', 'x'.repeat(201)]) {
      const response = await post('/auth/logout', { refresh_token });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().errors.refresh_token).toBeDefined();
    }
    const unknown = await post('/auth/logout', { refresh_token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('answers 403 to an API key, which has no session', async () => {
    const response = await post('/auth/logout', undefined, await apiKeyToken());
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'API_KEY_NOT_ALLOWED',
      message: 'This call needs a signed-in user: it is not open to API keys',
    });
  });

  it('ends the session of the access token at once: its access token answers 419, its refresh token 401', async () => {
    const user = await createTestUser(ctx.deps);
    const pair = await loginAs(ctx.app, user.mail);
    const other = await loginAs(ctx.app, user.mail);
    expect((await get('/auth/profile', pair.token)).statusCode).toBe(200);

    const out = await post('/auth/logout', undefined, pair.token);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().message).toBe('You are signed out');

    const after = await get('/auth/profile', pair.token);
    expect(after.statusCode).toBe(419);
    expect(after.json().code).toBe('SESSION_EXPIRED');
    const refused = await refresh(pair);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_REFRESH_TOKEN');
    // Only this session ended: the user's other device stays signed in.
    expect((await get('/auth/profile', other.token)).statusCode).toBe(200);
    expect((await refresh(other)).statusCode).toBe(200);
    const [row] = await ctx.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOfToken(pair)));
    expect(row?.revokedReason).toBe('logout');
  });

  it('ends the session named by the refresh token alone (no access token, which may have expired), and again is no error', async () => {
    const user = await createTestUser(ctx.deps);
    const pair = await loginAs(ctx.app, user.mail);
    // A refresh rotated the pair: the access token of before still belongs to the same session.
    const rotated = (await refresh(pair)).json() as LoginResponse;

    const out = await post('/auth/logout', { refresh_token: rotated.refresh_token });
    expect(out.statusCode, out.body).toBe(200);
    expect((await get('/auth/profile', rotated.token)).statusCode).toBe(419);
    expect((await get('/auth/profile', pair.token)).statusCode).toBe(419);
    expect((await refresh(rotated)).statusCode).toBe(401);
    // A second logout of the same session (two tabs) still lets the client finish.
    expect((await post('/auth/logout', { refresh_token: rotated.refresh_token })).statusCode).toBe(200);
  });

  it('takes the access token and its own refresh token together, refuses a refresh token of another session', async () => {
    const user = await createTestUser(ctx.deps);
    const pair = await loginAs(ctx.app, user.mail);
    const other = await loginAs(ctx.app, user.mail);

    const mixed = await post('/auth/logout', { refresh_token: other.refresh_token }, pair.token);
    expect(mixed.statusCode, mixed.body).toBe(400);
    expect(mixed.json().errors.refresh_token).toEqual([
      'The refresh token belongs to another session than the access token',
    ]);
    // Nothing ended on a refused call.
    expect((await get('/auth/profile', pair.token)).statusCode).toBe(200);
    expect((await get('/auth/profile', other.token)).statusCode).toBe(200);

    expect((await post('/auth/logout', { refresh_token: pair.refresh_token }, pair.token)).statusCode).toBe(200);
    expect((await get('/auth/profile', pair.token)).statusCode).toBe(419);
    expect((await get('/auth/profile', other.token)).statusCode).toBe(200);
  });
});

describe('POST /auth/sign-out-session', () => {
  it('answers 400 for a bad id, 403 to an API key', async () => {
    const user = await createTestUser(ctx.deps);
    const pair = await loginAs(ctx.app, user.mail);
    const id = await sessionIdOf(pair.token);

    for (const payload of [{}, { id: 'not-a-uuid' }, { id: 7 }]) {
      const response = await post('/auth/sign-out-session', payload, pair.token);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.id).toBeDefined();
    }
    const byKey = await post('/auth/sign-out-session', { id }, await apiKeyToken());
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toBe('This call needs a signed-in user: it is not open to API keys');
    expect((await get('/auth/profile', pair.token)).statusCode).toBe(200);
  });

  it("answers 404 for another user's session, like an unknown one, and leaves it alive", async () => {
    const owner = await createTestUser(ctx.deps);
    const stranger = await createTestUser(ctx.deps, { companyId: owner.companyId });
    const ownerPair = await loginAs(ctx.app, owner.mail);
    const strangerToken = (await loginAs(ctx.app, stranger.mail)).token;
    const strangerOther = await loginAs(ctx.app, stranger.mail);
    const ownerSession = await sessionIdOf(ownerPair.token);

    const foreign = await post('/auth/sign-out-session', { id: ownerSession }, strangerToken);
    const unknown = await post('/auth/sign-out-session', { id: crypto.randomUUID() }, strangerToken);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(foreign.json())).toEqual(strip(unknown.json()));
    // Not even an admin ends someone else's session through this call.
    expect((await post('/auth/sign-out-session', { id: ownerSession }, adminToken)).statusCode).toBe(404);
    expect((await get('/auth/profile', ownerPair.token)).statusCode).toBe(200);
    expect((await refresh(ownerPair)).statusCode).toBe(200);
    // The same caller does end a session of their own with this call.
    const own = await post('/auth/sign-out-session', { id: sessionIdOfToken(strangerOther) }, strangerToken);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('ends another session of the caller at once and records it in the audit trail', async () => {
    const user = await createTestUser(ctx.deps);
    const laptop = await loginAs(ctx.app, user.mail);
    const phone = await loginAs(ctx.app, user.mail);
    const phoneSession = await sessionIdOf(phone.token);

    const out = await post('/auth/sign-out-session', { id: phoneSession }, laptop.token);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().message).toBe('The session was signed out');
    expect((await get('/auth/profile', phone.token)).statusCode).toBe(419);
    expect((await refresh(phone)).statusCode).toBe(401);
    expect((await get('/auth/profile', laptop.token)).statusCode).toBe(200);
    const list = (await get('/auth/list-sessions', laptop.token)).json();
    expect(list.data.map((s: { id: string }) => s.id)).not.toContain(phoneSession);
    // Ended already: a second call finds no live session of the caller.
    expect((await post('/auth/sign-out-session', { id: phoneSession }, laptop.token)).statusCode).toBe(404);

    const entries = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'session'), eq(auditLog.entityId, phoneSession)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', actorUserId: user.id, companyId: user.companyId });
    expect(entries[0]?.changes.revoked_reason).toEqual({ old: null, new: 'signed-out-by-user' });
  });

  it('ends the current session too, like a logout', async () => {
    const user = await createTestUser(ctx.deps);
    const pair = await loginAs(ctx.app, user.mail);
    const out = await post('/auth/sign-out-session', { id: await sessionIdOf(pair.token) }, pair.token);
    expect(out.statusCode, out.body).toBe(200);
    expect((await get('/auth/profile', pair.token)).statusCode).toBe(419);
    expect((await refresh(pair)).statusCode).toBe(401);
  });
});

describe('POST /auth/sign-out-other-sessions', () => {
  it('records every session it ends in the audit trail, and not the current one', async () => {
    const user = await createTestUser(ctx.deps);
    const first = await loginAs(ctx.app, user.mail);
    const second = await loginAs(ctx.app, user.mail);
    const current = await loginAs(ctx.app, user.mail);
    const ids = [first, second, current].map(sessionIdOfToken);

    expect((await post('/auth/sign-out-other-sessions', {}, current.token)).statusCode).toBe(200);
    const entries = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'session'), eq(auditLog.actorUserId, user.id)));
    expect(entries.map((e) => e.entityId).sort()).toEqual([ids[0], ids[1]].sort());
  });
});
