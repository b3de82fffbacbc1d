import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@cuspid/contracts';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  requestsTo,
  TEST_PASSWORD,
  type TestContext,
  type TestUser,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { roles } from '../roles/roles.schema';
import { loginThrottle, sessions } from '../sessions/sessions.schema';
import { users } from '../users/users.schema';
import { twoFactorRecoveryCodes } from './two-factor.schema';
import { decryptTotpSecret } from './two-factor-crypto';

let ctx: TestContext;
let adminToken: string;

// Each call comes from its own address, so the per-IP budget never interferes; the per-account one is under test.
const { get, post } = requestsTo(() => ctx.app);

/** Signs in from an address of its own: on a shared PostgreSQL, 127.0.0.1's budget belongs to other test files. */
async function loginAs(mail: string) {
  const response = await post('/auth/login', { mail, password: TEST_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LoginResponse;
}

const STEP = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tests that use the codes of neighbouring steps start well inside a step, so the server sees the same one. */
async function awayFromStepEdge() {
  const into = (Date.now() / 1000) % STEP;
  if (into > STEP - 4) await sleep((STEP - into + 0.5) * 1000);
}
/** The app code of the current time step plus `offset` steps. */
const codeAt = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * STEP });

type Enabled = { user: TestUser; token: string; secret: string; recoveryCodes: string[] };

/** A user with two-factor sign-in on; the enabling code was of the previous step, so the current one still signs in. */
async function userWithTwoFactor(options: { roles?: string[]; companyId?: string } = {}): Promise<Enabled> {
  const user = await createTestUser(ctx.deps, options);
  const { token } = await loginAs(user.mail);
  const setup = await post('/auth/setup-two-factor', { password: TEST_PASSWORD }, token);
  expect(setup.statusCode, setup.body).toBe(200);
  const secret: string = setup.json().secret;
  await awayFromStepEdge();
  const enable = await post('/auth/enable-two-factor', { code: await codeAt(secret, -1) }, token);
  expect(enable.statusCode, enable.body).toBe(200);
  return { user, token, secret, recoveryCodes: enable.json().recovery_codes };
}

async function challengeFor(mail: string): Promise<string> {
  const response = await post('/auth/login', { mail, password: TEST_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().two_factor_required).toBe(true);
  return response.json().challenge;
}

async function createRole(body: Record<string, unknown>) {
  const name = `role-${Math.random().toString(36).slice(2, 10)}`;
  const response = await post('/auth/create-role', { name, title: `Role ${name}`, ...body }, adminToken);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; name: string; require_two_factor: boolean };
}

/** An API key's token: the two-factor calls are for people and refuse it (403). */
async function apiKeyToken(): Promise<string> {
  const created = await post('/auth/create-api-token', { name: 'machine', scopes: ['list-users'] }, adminToken);
  expect(created.statusCode, created.body).toBe(201);
  const { data, client_secret } = created.json();
  const exchange = await post('/auth/token', {
    grant_type: 'client_credentials',
    client_id: data.client_id,
    client_secret,
  });
  expect(exchange.statusCode, exchange.body).toBe(200);
  return exchange.json().access_token;
}

const userRow = async (id: string) => (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
  adminToken = (await loginAs((await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

describe('two-factor calls: the kind of caller comes first', () => {
  const CALLS = [
    { method: 'GET' as const, url: '/auth/two-factor-status' },
    { method: 'POST' as const, url: '/auth/setup-two-factor', body: { password: TEST_PASSWORD } },
    { method: 'POST' as const, url: '/auth/enable-two-factor', body: { code: '123456' } },
    { method: 'POST' as const, url: '/auth/disable-two-factor', body: { password: TEST_PASSWORD } },
    { method: 'POST' as const, url: '/auth/regenerate-recovery-codes', body: { password: TEST_PASSWORD } },
  ];

  it.each(CALLS)('$method $url answers 403 to an API key', async ({ method, url, body }) => {
    const token = await apiKeyToken();
    const response = method === 'GET' ? await get(url, token) : await post(url, body, token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/signed-in user/);
  });
});

describe('GET /auth/two-factor-status', () => {
  it('says off, not required and no codes for a new user', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(user.mail);
    const response = await get('/auth/two-factor-status', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false, enabled_at: null, required: false, recovery_codes_remaining: 0 });
  });
});

describe('POST /auth/setup-two-factor', () => {
  it('answers 400 without a password and for a wrong one', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(user.mail);
    const missing = await post('/auth/setup-two-factor', {}, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.password).toEqual(['The Password field is required']);
    const wrong = await post('/auth/setup-two-factor', { password: 'Wrong#Pass1' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: ['The password is wrong'] } });
  });

  it('answers the secret, its otpauth URI and a QR code once, and keeps the secret only encrypted', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(user.mail);
    const response = await post('/auth/setup-two-factor', { password: TEST_PASSWORD }, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_uri, qr_code } = response.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(`otpauth://totp/Cuspid:${encodeURIComponent(user.mail)}?secret=${secret}&issuer=Cuspid`);
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    const row = await userRow(user.id);
    expect(row.twoFactorPendingSecret).not.toContain(secret);
    expect(decryptTotpSecret(ctx.deps.config.twoFactor.key, user.id, row.twoFactorPendingSecret!)).toBe(secret);
    // Bound to its user: the same ciphertext does not decrypt for another one.
    expect(() => decryptTotpSecret(ctx.deps.config.twoFactor.key, randomUUID(), row.twoFactorPendingSecret!)).toThrow();
    expect(row.twoFactorEnabledAt).toBeNull();
    expect((await get('/auth/two-factor-status', token)).json().enabled).toBe(false);
  });

  it('answers 409 when two-factor sign-in is on already', async () => {
    const { token } = await userWithTwoFactor();
    const response = await post('/auth/setup-two-factor', { password: TEST_PASSWORD }, token);
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /auth/enable-two-factor', () => {
  it('answers 400 for a malformed code, before any setup and for a wrong code', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await loginAs(user.mail);
    const malformed = await post('/auth/enable-two-factor', { code: '12ab' }, token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.code).toEqual(['Enter the 6-digit code from your authenticator app']);

    const noSetup = await post('/auth/enable-two-factor', { code: '123456' }, token);
    expect(noSetup.statusCode).toBe(400);
    expect(noSetup.json().message).toMatch(/Start the setup first/);

    const { secret } = (await post('/auth/setup-two-factor', { password: TEST_PASSWORD }, token)).json();
    await awayFromStepEdge();
    const right = await codeAt(secret);
    const wrong = await post('/auth/enable-two-factor', { code: right === '000000' ? '111111' : '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toEqual(['The code is wrong or was used already']);
    expect((await userRow(user.id)).twoFactorEnabledAt).toBeNull();
  });

  it('turns two-factor sign-in on, answers ten recovery codes once, stores them hashed and ends other sessions', async () => {
    const user = await createTestUser(ctx.deps);
    const other = await loginAs(user.mail);
    const { token } = await loginAs(user.mail);
    const { secret } = (await post('/auth/setup-two-factor', { password: TEST_PASSWORD }, token)).json();
    await awayFromStepEdge();
    const response = await post('/auth/enable-two-factor', { code: `${await codeAt(secret)}` }, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const codes: string[] = response.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const stored = await ctx.deps.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((c) => c.codeHash).join(' ');
    for (const code of codes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }
    const row = await userRow(user.id);
    expect(row.twoFactorEnabledAt).not.toBeNull();
    expect(row.twoFactorPendingSecret).toBeNull();
    expect(row.twoFactorSecret).not.toContain(secret);

    expect((await get('/auth/profile', token)).statusCode).toBe(200);
    expect((await get('/auth/profile', other.token)).statusCode).toBe(419);
    expect((await get('/auth/two-factor-status', token)).json()).toMatchObject({
      enabled: true,
      recovery_codes_remaining: 10,
    });

    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, user.id)));
    expect(audit?.changes).toEqual({ twoFactorEnabled: { old: false, new: true } });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('answers 409 when two-factor sign-in is on already', async () => {
    const { token, secret } = await userWithTwoFactor();
    const response = await post('/auth/enable-two-factor', { code: await codeAt(secret) }, token);
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /auth/login with two-factor sign-in, then POST /auth/login/two-factor', () => {
  it('answers a challenge and no tokens to the right password', async () => {
    const { user } = await userWithTwoFactor();
    const before = await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const response = await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['challenge', 'expires_in', 'two_factor_required']);
    expect(body).toMatchObject({ two_factor_required: true, expires_in: 300 });
    const after = await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after).toHaveLength(before.length);
  });

  it('answers 400 without a code or challenge, and for a malformed code', async () => {
    const { user } = await userWithTwoFactor();
    const challenge = await challengeFor(user.mail);
    const missing = await post('/auth/login/two-factor', {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['challenge', 'code']);
    const malformed = await post('/auth/login/two-factor', { challenge, code: '12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.code).toEqual([
      'Enter the 6-digit code from your authenticator app or a recovery code',
    ]);
  });

  it('signs in with the password and a current app code; the same code does not sign in twice', async () => {
    const { user, secret } = await userWithTwoFactor();
    await awayFromStepEdge();
    const code = await codeAt(secret);
    const response = await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.token_info).toMatchObject({ user_id: user.id, two_factor_setup_required: false });
    expect((await get('/auth/profile', body.token)).statusCode).toBe(200);
    expect((await post('/auth/refresh-token', { refresh_token: body.refresh_token })).statusCode).toBe(200);

    const replay = await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
      message: 'The code is wrong or was used already',
    });
    // An older code is refused too once a newer one was used; the next step's code still passes (±1 step).
    const older = await post('/auth/login/two-factor', {
      challenge: await challengeFor(user.mail),
      code: await codeAt(secret, -1),
    });
    expect(older.statusCode).toBe(401);
    const next = await post('/auth/login/two-factor', {
      challenge: await challengeFor(user.mail),
      code: await codeAt(secret, 1),
    });
    expect(next.statusCode).toBe(200);
  });

  it('refuses a code two steps away', async () => {
    const { user, secret } = await userWithTwoFactor();
    await awayFromStepEdge();
    const far = await post('/auth/login/two-factor', {
      challenge: await challengeFor(user.mail),
      code: await codeAt(secret, 2),
    });
    expect(far.statusCode).toBe(401);
  });

  it('answers 401 for a wrong code, a forged, expired or reused-as-access-token challenge', async () => {
    const { user, secret } = await userWithTwoFactor();
    await awayFromStepEdge();
    const right = await codeAt(secret);
    const wrong = await post('/auth/login/two-factor', {
      challenge: await challengeFor(user.mail),
      code: right === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_TWO_FACTOR_CODE');

    const forged = await post('/auth/login/two-factor', { challenge: 'x'.repeat(40), code: right });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    const expired = await new SignJWT({ pwc: (await userRow(user.id)).passwordChangedAt.getTime() })
      .setProtectedHeader({ alg: 'EdDSA', kid: ctx.deps.keys.kid })
      .setSubject(user.id)
      .setIssuer(ctx.deps.keys.issuer)
      .setAudience('cuspid-two-factor')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(ctx.deps.keys.privateKey!);
    const late = await post('/auth/login/two-factor', { challenge: expired, code: right });
    expect(late.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    // An access token is no challenge (other audience), and a challenge is no access token.
    const someone = await loginAs((await createTestUser(ctx.deps)).mail);
    const swapped = await post('/auth/login/two-factor', { challenge: someone.token, code: right });
    expect(swapped.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    const challenge = await challengeFor(user.mail);
    expect((await get('/auth/profile', challenge)).statusCode).toBe(401);

    // The right code still works with a valid challenge: none of the above spent it.
    expect((await post('/auth/login/two-factor', { challenge, code: right })).statusCode).toBe(200);
  });

  it('ends a challenge when the password changes before the code is given', async () => {
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeFor(user.mail);
    await ctx.deps.db.update(users).set({ passwordChangedAt: new Date() }).where(eq(users.id, user.id));
    const response = await post('/auth/login/two-factor', { challenge, code: await codeAt(secret) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('signs in once with each recovery code, typed in any case and without the dash', async () => {
    const { user, token, recoveryCodes } = await userWithTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const once = await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code: first });
    expect(once.statusCode, once.body).toBe(200);
    const twice = await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code: first });
    expect(twice.statusCode).toBe(401);
    const typed = second.replace('-', '').toUpperCase();
    expect(
      (await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code: typed })).statusCode,
    ).toBe(200);
    expect((await get('/auth/two-factor-status', token)).json().recovery_codes_remaining).toBe(8);
  });

  it('counts wrong codes toward the account lockout, which a right password does not clear', async () => {
    const { user, secret } = await userWithTwoFactor();
    await awayFromStepEdge();
    const right = await codeAt(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      const response = await post('/auth/login/two-factor', {
        challenge: await challengeFor(user.mail),
        code: wrongCode,
      });
      expect(response.statusCode).toBe(401);
    }
    // The password step answers a new challenge but keeps the count: the third wrong code locks.
    const third = await post('/auth/login/two-factor', {
      challenge: await challengeFor(user.mail),
      code: 'abcde-fghjk',
    });
    expect(third.statusCode).toBe(401);
    const lockedPassword = await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD });
    expect(lockedPassword.statusCode).toBe(429);
    expect(lockedPassword.headers['retry-after']).toBe('900');

    // A challenge issued before the lock cannot go around it either.
    await ctx.deps.db.delete(loginThrottle).where(eq(loginThrottle.key, `login-mail:${user.mail}`));
    const challenge = await challengeFor(user.mail);
    for (let i = 0; i < 3; i++) {
      await post('/auth/login/two-factor', { challenge, code: wrongCode });
    }
    const lockedCode = await post('/auth/login/two-factor', { challenge, code: right });
    expect(lockedCode.statusCode).toBe(429);
  });

  it('starts the count afresh after a complete sign-in', async () => {
    const { user, secret } = await userWithTwoFactor();
    await awayFromStepEdge();
    const right = await codeAt(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code: wrongCode });
    }
    expect(
      (await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code: right })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect(
        (await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code: wrongCode }))
          .statusCode,
      ).toBe(401);
    }
  });
});

describe('POST /auth/disable-two-factor', () => {
  it('answers 400 without password or code, for a wrong one, and when two-factor sign-in is off', async () => {
    const { token, secret } = await userWithTwoFactor();
    const neither = await post('/auth/disable-two-factor', {}, token);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors.password).toEqual(['Enter your password or a code from your authenticator app']);
    const wrongPassword = await post('/auth/disable-two-factor', { password: 'Wrong#Pass1' }, token);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors.password).toEqual(['The password is wrong']);
    await awayFromStepEdge();
    const right = await codeAt(secret);
    const wrongCode = await post('/auth/disable-two-factor', { code: right === '000000' ? '111111' : '000000' }, token);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors.code).toEqual(['The code is wrong or was used already']);

    const plain = await loginAs((await createTestUser(ctx.deps)).mail);
    const off = await post('/auth/disable-two-factor', { password: TEST_PASSWORD }, plain.token);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Two-factor sign-in is not turned on');
  });

  it('turns it off with the password: codes and secret go, sign-in needs the password only', async () => {
    const { user, token } = await userWithTwoFactor();
    const response = await post('/auth/disable-two-factor', { password: TEST_PASSWORD }, token);
    expect(response.statusCode, response.body).toBe(200);
    const row = await userRow(user.id);
    expect([row.twoFactorSecret, row.twoFactorEnabledAt, row.twoFactorLastStep]).toEqual([null, null, null]);
    const codes = await ctx.deps.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(codes).toHaveLength(0);
    const login = await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD });
    expect(login.json().token).toBeDefined();
    const audits = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audits.map((a) => a.changes)).toContainEqual({ twoFactorEnabled: { old: true, new: false } });
  });

  it('turns it off with a current app code', async () => {
    const { token, secret } = await userWithTwoFactor();
    await awayFromStepEdge();
    const response = await post('/auth/disable-two-factor', { code: await codeAt(secret) }, token);
    expect(response.statusCode, response.body).toBe(200);
    expect((await get('/auth/two-factor-status', token)).json().enabled).toBe(false);
  });
});

describe('POST /auth/regenerate-recovery-codes', () => {
  it('answers 400 without password or code and when two-factor sign-in is off', async () => {
    const { token } = await userWithTwoFactor();
    expect((await post('/auth/regenerate-recovery-codes', {}, token)).statusCode).toBe(400);
    const plain = await loginAs((await createTestUser(ctx.deps)).mail);
    const off = await post('/auth/regenerate-recovery-codes', { password: TEST_PASSWORD }, plain.token);
    expect(off.statusCode).toBe(400);
  });

  it('makes ten new codes; the old ones stop working, a new one signs in', async () => {
    const { user, token, recoveryCodes } = await userWithTwoFactor();
    const response = await post('/auth/regenerate-recovery-codes', { password: TEST_PASSWORD }, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const fresh: string[] = response.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    const old = await post('/auth/login/two-factor', {
      challenge: await challengeFor(user.mail),
      code: recoveryCodes[0],
    });
    expect(old.statusCode).toBe(401);
    const renewed = await post('/auth/login/two-factor', { challenge: await challengeFor(user.mail), code: fresh[0] });
    expect(renewed.statusCode).toBe(200);
  });
});

describe('roles that require two-factor sign-in', () => {
  it('are not required by any seeded role: demo accounts sign in with the password alone', async () => {
    const required = await ctx.deps.db.select().from(roles).where(eq(roles.requireTwoFactor, true));
    expect(required.filter((r) => !r.name.startsWith('role-'))).toEqual([]);
  });

  it('take the flag on create and update, and answer 400 for a flag that is no boolean', async () => {
    const role = await createRole({ require_two_factor: true });
    expect(role.require_two_factor).toBe(true);
    const bad = await post('/auth/update-role', { id: role.id, require_two_factor: 'yes' }, adminToken);
    expect(bad.statusCode).toBe(400);
    const updated = await post('/auth/update-role', { id: role.id, require_two_factor: false }, adminToken);
    expect(updated.json().data.require_two_factor).toBe(false);
    expect((await get(`/auth/list-role-by-id?id=${role.id}`, adminToken)).json().require_two_factor).toBe(false);
  });

  it('let a user without two-factor sign-in only set it up; every other call answers 403', async () => {
    const role = await createRole({ require_two_factor: true, permissions: ['list-users'] });
    const user = await createTestUser(ctx.deps, { roles: [role.name] });
    const session = await loginAs(user.mail);
    expect(session.token_info.two_factor_setup_required).toBe(true);
    const token = session.token;

    for (const url of ['/auth/list-users', '/auth/list-sessions', '/api/units', '/auth/list-permissions']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'TWO_FACTOR_SETUP_REQUIRED',
        message: 'Your role requires two-factor sign-in. Set it up in your account settings before you continue.',
      });
    }
    expect(
      (await post('/auth/change-password', { current_password: TEST_PASSWORD, new_password: 'New#Pass12' }, token))
        .statusCode,
    ).toBe(403);
    expect((await post('/auth/disable-two-factor', { password: TEST_PASSWORD }, token)).statusCode).toBe(403);

    expect((await get('/auth/profile', token)).statusCode).toBe(200);
    expect((await get('/auth/two-factor-status', token)).json()).toMatchObject({ enabled: false, required: true });
    const setup = await post('/auth/setup-two-factor', { password: TEST_PASSWORD }, token);
    expect(setup.statusCode).toBe(200);
    await awayFromStepEdge();
    const enable = await post('/auth/enable-two-factor', { code: await codeAt(setup.json().secret) }, token);
    expect(enable.statusCode, enable.body).toBe(200);

    expect((await get('/auth/list-users', token)).statusCode).toBe(200);
    const refreshed = await post('/auth/refresh-token', { refresh_token: session.refresh_token });
    expect(refreshed.json().token_info.two_factor_setup_required).toBe(false);

    // Required by the role: it cannot be turned off.
    const off = await post('/auth/disable-two-factor', { password: TEST_PASSWORD }, token);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Your role requires two-factor sign-in; it cannot be turned off');
  });

  it('gate a signed-in user at once when the role starts to require it', async () => {
    const role = await createRole({ permissions: ['list-users'] });
    const user = await createTestUser(ctx.deps, { roles: [role.name] });
    const { token } = await loginAs(user.mail);
    expect((await get('/auth/list-users', token)).statusCode).toBe(200);
    await post('/auth/update-role', { id: role.id, require_two_factor: true }, adminToken);
    expect((await get('/auth/list-users', token)).json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });
});

describe('POST /auth/update-user with reset_two_factor', () => {
  it('answers 400 for a flag that is no boolean and for the caller themself', async () => {
    const admin = await createTestAdmin(ctx.deps);
    const token = (await loginAs(admin.mail)).token;
    const { user } = await userWithTwoFactor();
    expect((await post('/auth/update-user', { id: user.id, reset_two_factor: 'yes' }, token)).statusCode).toBe(400);
    const self = await post('/auth/update-user', { id: admin.id, reset_two_factor: true }, token);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.reset_two_factor).toEqual([
      'Turn your own two-factor sign-in off in your account settings',
    ]);
  });

  it('answers 403 without update-user and 404 for a user of another company', async () => {
    const { user } = await userWithTwoFactor();
    const nobody = await loginAs((await createTestUser(ctx.deps)).mail);
    expect((await post('/auth/update-user', { id: user.id, reset_two_factor: true }, nobody.token)).statusCode).toBe(
      403,
    );
    const managers = await createRole({ permissions: ['list-users', 'update-user'] });
    const manager = await loginAs((await createTestUser(ctx.deps, { roles: [managers.name] })).mail);
    expect((await post('/auth/update-user', { id: user.id, reset_two_factor: true }, manager.token)).statusCode).toBe(
      404,
    );
    expect((await userRow(user.id)).twoFactorEnabledAt).not.toBeNull();
  });

  it('lets an administrator reset it: password-only sign-in, recorded in the audit trail without the secret', async () => {
    const { user, secret } = await userWithTwoFactor();
    const before = await get(`/auth/list-user-by-id?id=${user.id}`, adminToken);
    expect(before.json().two_factor_enabled).toBe(true);
    const response = await post('/auth/update-user', { id: user.id, reset_two_factor: true }, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().two_factor_enabled).toBe(false);
    const row = await userRow(user.id);
    expect([row.twoFactorSecret, row.twoFactorEnabledAt]).toEqual([null, null]);
    expect((await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD })).json().token).toBeDefined();
    const audits = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'update')));
    const reset = audits.find((a) => 'twoFactorEnabled' in a.changes && a.actorUserId !== user.id);
    expect(reset?.changes.twoFactorEnabled).toEqual({ old: true, new: false });
    expect(JSON.stringify(audits)).not.toContain(secret);
  });
});
