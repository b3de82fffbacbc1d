import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_PDF } from '../../../test/docx';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { actorCacheOf } from '../../lib/actor-cache';
import { sha256 } from '../../lib/ids';
import { authenticatePlugin } from '../../plugins/authenticate';
import { auditLog } from '../audit-log/audit-log.schema';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';
import { apiKeys } from './api-keys.schema';

let ctx: TestContext;
let adminToken: string;
let nobodyToken: string;

const { get, post } = requestsTo(() => ctx.app);
const tokenOf = async (mail: string) => (await loginAs(ctx.app, mail)).token;

/** The client credentials grant, form-encoded as RFC 6749 wants it. */
const exchange = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress: randomAddress(),
  });

type Created = { data: { id: string; client_id: string; scopes: string[]; status: string }; client_secret: string };
async function createKey(token: string, body: object): Promise<Created> {
  const response = await post('/auth/create-api-token', body, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function accessToken(key: Created, scope?: string): Promise<string> {
  const response = await exchange({
    grant_type: 'client_credentials',
    client_id: key.data.client_id,
    client_secret: key.client_secret,
    ...(scope ? { scope } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().access_token;
}

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
  adminToken = await tokenOf((await createTestAdmin(ctx.deps)).mail);
  nobodyToken = await tokenOf((await createTestUser(ctx.deps)).mail);
});
afterAll(() => ctx?.close());

const someId = '00000000-0000-4000-8000-000000000000';
const ROUTES: { method: 'GET' | 'POST'; url: string; body?: object }[] = [
  { method: 'GET', url: '/auth/list-api-tokens' },
  { method: 'GET', url: `/auth/list-api-token-by-id?id=${someId}` },
  { method: 'POST', url: '/auth/create-api-token', body: { name: 'x', scopes: ['list-users'] } },
  { method: 'POST', url: '/auth/update-api-token', body: { id: someId } },
  { method: 'POST', url: '/auth/rotate-api-token', body: { id: someId } },
  { method: 'POST', url: '/auth/revoke-api-token', body: { id: someId } },
  { method: 'POST', url: '/auth/delete-api-token', body: { id: someId } },
];

describe('API key calls: the permission comes first', () => {
  it.each(ROUTES)('$method $url answers 403 without its permission', async ({ method, url, body }) => {
    const response = method === 'GET' ? await get(url, nobodyToken) : await post(url, body ?? {}, nobodyToken);
    expect(response.statusCode).toBe(403);
  });
});

describe('API keys', () => {
  it('creates a key whose secret is shown once and stored only as a hash', async () => {
    const key = await createKey(adminToken, { name: 'Lab import', scopes: ['list-users', 'list-roles'] });
    expect(key.data).toMatchObject({ name: 'Lab import', status: 'active', scopes: ['list-roles', 'list-users'] });
    expect(key.client_secret).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key.data.id));
    expect(row?.secretHash).toBe(sha256(key.client_secret));
    const shown = await get(`/auth/list-api-token-by-id?id=${key.data.id}`, adminToken);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain(key.client_secret);
    const list = await get('/auth/list-api-tokens?search=Lab%20import', adminToken);
    expect(list.json().count).toBeGreaterThanOrEqual(1);
    expect(list.body).not.toContain(key.client_secret);
    const [audit] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, key.data.id));
    expect(audit?.changes.secretHash).toEqual({ old: null, new: '[redacted]' });
    expect(JSON.stringify(audit?.changes)).not.toContain(row!.secretHash);
  });

  it('answers 400 for bad input and for scopes the owner does not hold', async () => {
    const bad = await post('/auth/create-api-token', { name: '', scopes: [] }, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.scopes).toEqual(['Choose at least one scope']);
    const past = await post(
      '/auth/create-api-token',
      { name: 'x', scopes: ['list-users'], expires_at: '2001-01-01T00:00:00Z' },
      adminToken,
    );
    expect(past.json().errors.expires_at).toEqual(['The expiry must be in the future']);
    const role = (
      await post(
        '/auth/create-role',
        { name: `k-${randomUUID().slice(0, 8)}`, title: 'K', permissions: ['list-api-tokens', 'create-api-token'] },
        adminToken,
      )
    ).json().data;
    const user = await createTestUser(ctx.deps, { roles: [role.name] });
    const notHeld = await post(
      '/auth/create-api-token',
      { name: 'x', scopes: ['delete-user'] },
      await tokenOf(user.mail),
    );
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().errors.scopes[0]).toContain('delete-user');
  });

  it("keeps company users to their own company: another company's key or owner answers 404", async () => {
    const role = (
      await post(
        '/auth/create-role',
        {
          name: `keys-${randomUUID().slice(0, 8)}`,
          title: 'Keys',
          permissions: ['list-api-tokens', 'create-api-token', 'update-api-token', 'delete-api-token', 'list-users'],
        },
        adminToken,
      )
    ).json().data;
    const a = await createTestUser(ctx.deps, { roles: [role.name] });
    const b = await createTestUser(ctx.deps, { roles: [role.name] });
    const tokenA = await tokenOf(a.mail);
    const tokenB = await tokenOf(b.mail);
    const keyA = await createKey(tokenA, { name: 'A', scopes: ['list-users'] });
    const list = await get('/auth/list-api-tokens', tokenB);
    expect(list.json().data.map((k: { id: string }) => k.id)).not.toContain(keyA.data.id);
    expect((await get(`/auth/list-api-token-by-id?id=${keyA.data.id}`, tokenB)).statusCode).toBe(404);
    expect((await post('/auth/update-api-token', { id: keyA.data.id, name: 'x' }, tokenB)).statusCode).toBe(404);
    expect((await post('/auth/rotate-api-token', { id: keyA.data.id }, tokenB)).statusCode).toBe(404);
    expect((await post('/auth/revoke-api-token', { id: keyA.data.id }, tokenB)).statusCode).toBe(404);
    expect((await post('/auth/delete-api-token', { id: keyA.data.id }, tokenB)).statusCode).toBe(404);
    const foreignOwner = await post(
      '/auth/create-api-token',
      { name: 'x', scopes: ['list-users'], owner_id: a.id },
      tokenB,
    );
    expect(foreignOwner.statusCode).toBe(404);
  });

  it("exchanges client id and secret for a token that has exactly the key's scopes, no admin bypass", async () => {
    const key = await createKey(adminToken, { name: 'Reader', scopes: ['list-users'] });
    const token = await accessToken(key);
    expect((await get('/auth/list-users?limit_count=1', token)).statusCode).toBe(200);
    // The owner is an admin, but the key holds only list-users.
    expect((await get('/auth/list-roles', token)).statusCode).toBe(403);
    // Account calls are for people.
    expect((await get('/auth/profile', token)).statusCode).toBe(403);
    expect((await post('/auth/create-api-token', { name: 'x', scopes: ['list-users'] }, token)).statusCode).toBe(403);
    const [row] = await ctx.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key.data.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('accepts HTTP Basic client authentication and a narrower scope; refuses wider ones', async () => {
    const key = await createKey(adminToken, { name: 'Basic', scopes: ['list-users', 'list-roles'] });
    const basic = Buffer.from(`${key.data.client_id}:${key.client_secret}`).toString('base64');
    const narrow = await exchange(
      { grant_type: 'client_credentials', scope: 'list-roles' },
      { authorization: `Basic ${basic}` },
    );
    expect(narrow.statusCode, narrow.body).toBe(200);
    expect(narrow.json()).toMatchObject({ token_type: 'Bearer', scope: 'list-roles', expires_in: 900 });
    expect(narrow.headers['cache-control']).toBe('no-store');
    expect((await get('/auth/list-users', narrow.json().access_token)).statusCode).toBe(403);
    const wide = await exchange({
      grant_type: 'client_credentials',
      client_id: key.data.client_id,
      client_secret: key.client_secret,
      scope: 'delete-user',
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error).toBe('invalid_scope');
  });

  it('refuses wrong secrets, unknown clients and other grants with OAuth errors', async () => {
    const key = await createKey(adminToken, { name: 'Wrong', scopes: ['list-users'] });
    const wrong = await exchange({
      grant_type: 'client_credentials',
      client_id: key.data.client_id,
      client_secret: 'cs_nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client', code: 'UNAUTHENTICATED' });
    const unknown = await exchange({ grant_type: 'client_credentials', client_id: 'ck_x', client_secret: 'cs_x' });
    expect(unknown.statusCode).toBe(401);
    const password = await exchange({
      grant_type: 'password',
      client_id: key.data.client_id,
      client_secret: key.client_secret,
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().error).toBe('unsupported_grant_type');
    expect((await exchange({ grant_type: 'client_credentials' })).json().error).toBe('invalid_request');
  });

  it('ends a revoked key at once: its tokens answer 419 and its secret 401', async () => {
    const key = await createKey(adminToken, { name: 'Revoke me', scopes: ['list-users'] });
    const token = await accessToken(key);
    const revoked = await post('/auth/revoke-api-token', { id: key.data.id }, adminToken);
    expect(revoked.json()).toMatchObject({ message: 'The API key was revoked', data: { status: 'revoked' } });
    const call = await get('/auth/list-users', token);
    expect(call.statusCode).toBe(419);
    const again = await exchange({
      grant_type: 'client_credentials',
      client_id: key.data.client_id,
      client_secret: key.client_secret,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error_description).toBe('This API key was revoked');
    expect((await post('/auth/rotate-api-token', { id: key.data.id }, adminToken)).statusCode).toBe(400);
  });

  it('ends an expired key at once', async () => {
    const key = await createKey(adminToken, { name: 'Expiring', scopes: ['list-users'] });
    const token = await accessToken(key);
    await ctx.deps.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.data.id));
    expect((await get('/auth/list-users', token)).statusCode).toBe(419);
    const shown = await get(`/auth/list-api-token-by-id?id=${key.data.id}`, adminToken);
    expect(shown.json().status).toBe('expired');
  });

  it('rotates the secret: the new one is shown once, the old one and its tokens stop working', async () => {
    const key = await createKey(adminToken, { name: 'Rotate', scopes: ['list-users'] });
    const oldToken = await accessToken(key);
    // Tokens carry whole seconds: let the second pass so the old token is plainly older than the rotation.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const rotated = await post('/auth/rotate-api-token', { id: key.data.id }, adminToken);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json() as Created;
    expect(fresh.client_secret).not.toBe(key.client_secret);
    expect((await get('/auth/list-users', oldToken)).statusCode).toBe(419);
    const old = await exchange({
      grant_type: 'client_credentials',
      client_id: key.data.client_id,
      client_secret: key.client_secret,
    });
    expect(old.statusCode).toBe(401);
    const newToken = await accessToken({ ...key, client_secret: fresh.client_secret });
    expect((await get('/auth/list-users', newToken)).statusCode).toBe(200);
  });

  it('updates name, scopes and expiry; deletes (and so revokes) a key', async () => {
    const key = await createKey(adminToken, { name: 'Edit', scopes: ['list-users'] });
    const token = await accessToken(key);
    const updated = await post(
      '/auth/update-api-token',
      { id: key.data.id, name: 'Edited', scopes: ['list-roles'], expires_at: '2099-01-01T00:00:00Z' },
      adminToken,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Edited',
      scopes: ['list-roles'],
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    // The old token asked for list-users, which the key no longer holds.
    expect((await get('/auth/list-users', token)).statusCode).toBe(403);
    expect((await post('/auth/update-api-token', { id: key.data.id, scopes: [] }, adminToken)).statusCode).toBe(400);
    expect((await post('/auth/update-api-token', { id: someId, name: 'x' }, adminToken)).statusCode).toBe(404);

    const deleted = await post('/auth/delete-api-token', { id: key.data.id }, adminToken);
    expect(deleted.json().message).toBe('The API key was deleted');
    expect((await get(`/auth/list-api-token-by-id?id=${key.data.id}`, adminToken)).statusCode).toBe(404);
    const [row] = await ctx.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key.data.id));
    expect(row?.revokedAt).not.toBeNull();
  });
});

describe('API keys of owners who can no longer act (finding 4)', () => {
  // A key owned by an admin of a company of its own, so that company can be deleted.
  async function keyOfFreshAdmin() {
    const owner = await createTestUser(ctx.deps, { roles: ['admin'] });
    const key = await createKey(await tokenOf(owner.mail), { name: 'Owner goes', scopes: ['list-users'] });
    const token = await accessToken(key);
    expect((await get('/auth/list-users?limit_count=1', token)).statusCode).toBe(200);
    return { owner, key, token };
  }
  const exchangeAgain = (key: Created) =>
    exchange({ grant_type: 'client_credentials', client_id: key.data.client_id, client_secret: key.client_secret });

  it.each([
    [
      'its company is deleted',
      (o: { id: string; companyId: string }) =>
        ctx.deps.db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, o.companyId)),
    ],
    [
      'its owner is deleted',
      (o: { id: string; companyId: string }) =>
        ctx.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, o.id)),
    ],
    [
      'its owner is deactivated',
      (o: { id: string; companyId: string }) =>
        ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, o.id)),
    ],
  ])('ends a key at once when %s: issued tokens answer 419, new ones are refused with 401', async (_, end) => {
    const { owner, key, token } = await keyOfFreshAdmin();
    await end(owner);
    // Written behind the server's back: the cached caller would last up to AUTH_CACHE_SECONDS (ADR 0085);
    // a write through the server empties the cache as it answers, which this does by hand.
    actorCacheOf(ctx.deps, 0).clear();
    const call = await get('/auth/list-users?limit_count=1', token);
    expect(call.statusCode, call.body).toBe(419);
    const again = await exchangeAgain(key);
    expect(again.statusCode, again.body).toBe(401);
    expect(again.json().error).toBe('invalid_client');
  });
});

describe('API key scopes deny by default (finding 5)', () => {
  let keyToken: string;
  let adminCompanyFileId: string;
  const uploadWith = (token: string) => {
    const body = multipart([{ name: 'file', fileName: 'scan.pdf', content: SAMPLE_PDF }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/documents/upload-file',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };

  beforeAll(async () => {
    const uploaded = await uploadWith(adminToken);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    adminCompanyFileId = uploaded.json().id;
    keyToken = await accessToken(await createKey(adminToken, { name: 'Users only', scopes: ['list-users'] }));
  });

  it('a key scoped to list-users cannot list, upload, read or delete documents, nor read its company', async () => {
    const answers = [
      await get('/documents/list-files', keyToken),
      await get(`/documents/list-file-by-id?id=${adminCompanyFileId}`, keyToken),
      await get(`/documents/files/${adminCompanyFileId}`, keyToken),
      await uploadWith(keyToken),
      await post('/documents/delete-file', { id: adminCompanyFileId }, keyToken),
      await get('/api/my-company', keyToken),
      await get('/auth/list-permissions', keyToken),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 403));
    expect(answers[0]!.json()).toMatchObject({ code: 'API_KEY_NOT_ALLOWED' });
    // The file is still there, and the key still does what its scope allows.
    expect((await get(`/documents/list-file-by-id?id=${adminCompanyFileId}`, adminToken)).statusCode).toBe(200);
    expect((await get('/auth/list-users?limit_count=1', keyToken)).statusCode).toBe(200);
  });

  it('a key on a route open without a session (self-registration) is checked like a signed-in caller', async () => {
    const create = await post('/auth/create-user', { mail: `key-${randomUUID()}@test.cuspid.local` }, keyToken);
    expect(create.statusCode, create.body).toBe(403);
  });

  it("admits a key to a route without a permission only when the route says apiKeys: 'open'", async () => {
    const service = Fastify();
    await service.register(async (scope) => {
      await scope.register(authenticatePlugin, { deps: ctx.deps });
      scope.get('/open', { config: { apiKeys: 'open' } }, async () => ({ ok: true }));
      scope.get('/closed', async () => ({ ok: true }));
    });
    try {
      const call = (url: string, token: string) => service.inject({ method: 'GET', url, headers: bearer(token) });
      expect((await call('/open', keyToken)).statusCode).toBe(200);
      expect((await call('/closed', keyToken)).statusCode).toBe(403);
      expect((await call('/closed', adminToken)).statusCode).toBe(200);
    } finally {
      await service.close();
    }
  });
});
