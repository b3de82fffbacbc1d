import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  TEST_PASSWORD,
  type TestContext,
  uniqueMail,
} from '../../../test/setup-app';
import { sha256 } from '../../lib/ids';
import { users } from '../users/users.schema';
import { refreshTokens, sessions } from './sessions.schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '40' });
});
afterAll(() => ctx?.close());

// Each call comes from its own address so the per-IP throttle of one test never touches another.
const { post } = requestsTo(() => ctx.app);

describe('POST /auth/login', () => {
  it('answers 400 with the spec messages when mail and password are missing', async () => {
    const response = await post('/auth/login', {});
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.mail).toEqual(['The Email field is required']);
    expect(body.errors.password).toEqual(['The Password field is required']);
  });

  it('answers the same 401 for a wrong password and for an unknown mail', async () => {
    const user = await createTestUser(ctx.deps);
    const wrongPassword = await post('/auth/login', { mail: user.mail, password: 'Wrong#Pass1' });
    const unknownMail = await post('/auth/login', { mail: uniqueMail(), password: 'Wrong#Pass1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownMail.statusCode).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(wrongPassword.json())).toEqual(strip(unknownMail.json()));
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('signs in and returns the token, refresh token and token_info with per-scope permissions', async () => {
    const user = await createTestUser(ctx.deps, { roles: ['service-partner'] });
    const response = await post('/auth/login', { mail: user.mail.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(body.token_info).toMatchObject({
      roles: ['service-partner'],
      company_id: user.companyId,
      user_id: user.id,
      types: ['service-partner'],
      scopes: ['backoffice'],
      permissions: {
        backoffice: [
          'case-instance',
          'case-instance-approve',
          'case-instance-delete',
          'case-instance-lock',
          'case-instance-recalculate',
          'company',
          'credit',
          'ticket',
        ],
      },
      user: { id: user.id, mail: user.mail, company_name: `Company of ${user.mail}` },
    });
    const stored = await ctx.deps.db.select().from(refreshTokens);
    expect(stored.some((t) => t.tokenHash === body.refresh_token)).toBe(false);
  });

  it('gives an admin every scope', async () => {
    const admin = await createTestAdmin(ctx.deps);
    const { token_info } = await loginAs(ctx.app, admin.mail);
    expect(token_info.roles).toEqual(['admin']);
    expect(token_info.scopes).toEqual(['auth', 'backoffice']);
    expect(Object.values(token_info.permissions).flat()).toHaveLength(ctx.deps.declared.permissions.length);
  });

  it('answers 403 for a deactivated account with the right password', async () => {
    const user = await createTestUser(ctx.deps, { active: false });
    const response = await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('locks an account for the window after repeated failures, even for the right password', async () => {
    const user = await createTestUser(ctx.deps);
    for (let i = 0; i < 3; i++) {
      expect((await post('/auth/login', { mail: user.mail, password: 'Wrong#Pass1' })).statusCode).toBe(401);
    }
    const locked = await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many sign-in attempts/);
    expect(locked.headers['retry-after']).toBe('900');
  });

  it('limits attempts per IP address', async () => {
    const ip = '192.0.2.77';
    const user = await createTestUser(ctx.deps);
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const payload = { mail: uniqueMail(), password: 'Wrong#Pass1' };
      statuses.push(
        (await ctx.app.inject({ method: 'POST', url: '/auth/login', payload, remoteAddress: ip })).statusCode,
      );
    }
    expect(statuses.slice(0, 40).every((s) => s === 401)).toBe(true);
    expect(statuses[40]).toBe(429);
    // Another address is not affected.
    expect((await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('POST /auth/refresh-token', () => {
  it('answers 400 without a refresh token', async () => {
    expect((await post('/auth/refresh-token', {})).statusCode).toBe(400);
  });

  it('answers 401 for an unknown refresh token', async () => {
    const response = await post('/auth/refresh-token', { refresh_token: 'x'.repeat(43) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('rotates: the new pair works and the spent refresh token is refused', async () => {
    const user = await createTestUser(ctx.deps);
    const first = await loginAs(ctx.app, user.mail);
    const second = await post('/auth/refresh-token', { refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(next.token_info.user_id).toBe(user.id);
    const profile = await ctx.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(next.token) });
    expect(profile.statusCode).toBe(200);
    expect((await post('/auth/refresh-token', { refresh_token: first.refresh_token })).statusCode).toBe(401);
    // Within the grace for racing tabs the session survives.
    expect((await post('/auth/refresh-token', { refresh_token: next.refresh_token })).statusCode).toBe(200);
  });

  it('revokes the whole session when a spent refresh token is replayed later', async () => {
    const user = await createTestUser(ctx.deps);
    const first = await loginAs(ctx.app, user.mail);
    const second = (await post('/auth/refresh-token', { refresh_token: first.refresh_token })).json();
    await ctx.deps.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(first.refresh_token)));

    expect((await post('/auth/refresh-token', { refresh_token: first.refresh_token })).statusCode).toBe(401);
    // The thief's replay killed the family: the legitimate holder's tokens stop working too.
    expect((await post('/auth/refresh-token', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    const profile = await ctx.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(second.token) });
    expect(profile.statusCode).toBe(419);
    const [session] = await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.revokedReason).toBe('refresh-token-reuse');
  });

  it('refuses a refresh for a user deactivated meanwhile', async () => {
    const user = await createTestUser(ctx.deps);
    const first = await loginAs(ctx.app, user.mail);
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await post('/auth/refresh-token', { refresh_token: first.refresh_token })).statusCode).toBe(401);
  });
});

describe('POST /auth/create-user', () => {
  it('answers 400 with every broken password rule', async () => {
    const response = await post('/auth/create-user', { mail: uniqueMail(), password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.password).toEqual([
      'The Password must be at least 8 characters',
      'The Password must contain at least 1 number',
      'The Password must contain at least 1 capital letter',
      'The Password must contain at least 1 special character',
    ]);
  });

  it('registers a new user in a new company with the registration role, who can then sign in', async () => {
    const mail = uniqueMail('register');
    const response = await post('/auth/create-user', { mail, password: 'Valid#Pass9' });
    expect(response.statusCode).toBe(201);
    const { token_info } = await loginAs(ctx.app, mail, 'Valid#Pass9');
    expect(token_info.user_id).toBe(response.json().user_id);
    expect(token_info.roles).toEqual(['end-user']);
    expect(token_info.user.company_name).toBe(mail);
  });

  it('answers 409 when the mail is already registered, whatever its case', async () => {
    const user = await createTestUser(ctx.deps);
    const response = await post('/auth/create-user', { mail: user.mail.toUpperCase(), password: 'Valid#Pass9' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.mail).toEqual(['This mail address is already registered']);
  });

  it('answers 401 for a bad token instead of registering', async () => {
    const response = await post('/auth/create-user', { mail: uniqueMail(), password: 'Valid#Pass9' }, 'nope');
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in user without create-user', async () => {
    const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const { token } = await loginAs(ctx.app, user.mail);
    const response = await post('/auth/create-user', { mail: uniqueMail(), password: 'Valid#Pass9' }, token);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 when a company user creates a user in another company', async () => {
    const reseller = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const other = await createTestUser(ctx.deps);
    const { token } = await loginAs(ctx.app, reseller.mail);
    const response = await post(
      '/auth/create-user',
      { mail: uniqueMail(), password: 'Valid#Pass9', company_id: other.companyId },
      token,
    );
    expect(response.statusCode).toBe(404);
  });

  it('lets an admin create a user with roles in a chosen company', async () => {
    const admin = await createTestAdmin(ctx.deps);
    const practice = await createTestUser(ctx.deps);
    const { token } = await loginAs(ctx.app, admin.mail);
    const mail = uniqueMail('created');
    const response = await post(
      '/auth/create-user',
      { mail, password: 'Valid#Pass9', roles: ['employee'], company_id: practice.companyId, first_name: 'Eva' },
      token,
    );
    expect(response.statusCode).toBe(201);
    const created = await loginAs(ctx.app, mail, 'Valid#Pass9');
    expect(created.token_info).toMatchObject({ roles: ['employee'], company_id: practice.companyId });
    expect(created.token_info.user.first_name).toBe('Eva');
  });

  it('answers 400 for an unknown role', async () => {
    const admin = await createTestAdmin(ctx.deps);
    const { token } = await loginAs(ctx.app, admin.mail);
    const response = await post(
      '/auth/create-user',
      { mail: uniqueMail(), password: 'Valid#Pass9', roles: ['wizard'] },
      token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.roles).toEqual(['Unknown role']);
  });
});

describe('GET /auth/list-permissions', () => {
  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/list-permissions' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 for a page larger than 1500', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(ctx.app, user.mail);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/auth/list-permissions?limit_start=0&limit_count=1501',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['limit_count']);
  });

  it('pages on the server and answers { data, count }', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(ctx.app, user.mail);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/auth/list-permissions?limit_start=5&limit_count=5',
      headers: bearer(token),
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    // On a shared PostgreSQL database other test files add permissions of their own meanwhile: there the catalogue
    // is a part of the list; on the embedded database (one per file) it is the whole list.
    const shared = Boolean(process.env.DATABASE_URL);
    if (shared) expect(body.count).toBeGreaterThanOrEqual(ctx.deps.declared.permissions.length);
    else expect(body.count).toBe(ctx.deps.declared.permissions.length);
    expect(body.data).toHaveLength(5);
    const all = (
      await ctx.app.inject({
        method: 'GET',
        url: '/auth/list-permissions?limit_start=0&limit_count=1500',
        headers: bearer(token),
      })
    ).json();
    const titles = all.data.map((p: { title: string }) => p.title).sort();
    const catalogue = ctx.deps.declared.permissions.map((p) => p.title).sort();
    if (shared) expect(titles).toEqual(expect.arrayContaining(catalogue));
    else expect(titles).toEqual(catalogue);
    if (all.count === body.count) expect(all.data.slice(5, 10)).toEqual(body.data);
  });
});

describe('the authentication hook', () => {
  it('answers 401 TOKEN_EXPIRED for an expired access token', async () => {
    const user = await createTestUser(ctx.deps);
    const expired = await new SignJWT({ sid: crypto.randomUUID(), cid: user.companyId })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject(user.id)
      .setIssuer(ctx.deps.keys.issuer)
      .setAudience('cuspid')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(ctx.deps.keys.privateKey!);
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
  });

  it('answers 401 for a token signed by another key', async () => {
    const other = await createTestApp();
    try {
      const user = await createTestUser(other.deps);
      const { token } = await loginAs(other.app, user.mail);
      const response = await ctx.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('answers 419 once the session is revoked on the server', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(ctx.app, user.mail);
    await ctx.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(419);
    expect(response.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('account calls', () => {
  it('GET /auth/profile answers the profile to a session', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(ctx.app, user.mail);
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    expect(response.json()).toMatchObject({ id: user.id, mail: user.mail, contact_language: 'en', timezone: 'UTC' });
  });

  it('POST /auth/update-profile validates and saves the fields', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(ctx.app, user.mail);
    const bad = await post('/auth/update-profile', { timezone: 'Mars/Olympus', contact_language: 'xx' }, token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['contact_language', 'timezone']);
    const good = await post(
      '/auth/update-profile',
      {
        first_name: 'Lena',
        last_name: 'Berg',
        phone: '+49 30 1234',
        contact_language: 'de',
        timezone: 'Europe/Berlin',
      },
      token,
    );
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      first_name: 'Lena',
      last_name: 'Berg',
      contact_language: 'de',
      timezone: 'Europe/Berlin',
    });
  });

  it('POST /auth/change-password checks the current password and the policy, then signs out other sessions', async () => {
    const user = await createTestUser(ctx.deps);
    const here = await loginAs(ctx.app, user.mail);
    const elsewhere = await loginAs(ctx.app, user.mail);
    const weak = await post(
      '/auth/change-password',
      { current_password: TEST_PASSWORD, new_password: 'weakpass' },
      here.token,
    );
    expect(weak.statusCode).toBe(400);
    const wrong = await post(
      '/auth/change-password',
      { current_password: 'Wrong#Pass1', new_password: 'Better#Pass2' },
      here.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual(['The current password is wrong']);
    const done = await post(
      '/auth/change-password',
      { current_password: TEST_PASSWORD, new_password: 'Better#Pass2' },
      here.token,
    );
    expect(done.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(here.token) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(elsewhere.token) })).statusCode,
    ).toBe(419);
    await loginAs(ctx.app, user.mail, 'Better#Pass2');
  });
});
