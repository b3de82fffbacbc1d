import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  requestsTo,
  TEST_PASSWORD,
  type TestContext,
  uniqueMail,
} from '../../../test/setup-app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../test/smtp-server';
import { sha256 } from '../../lib/ids';
import { auditLog } from '../audit-log/audit-log.schema';
import { deliverMailJob } from '../sent-mails/sent-mails.jobs';
import { mailOutbox } from '../sent-mails/sent-mails.schema';
import { users } from '../users/users.schema';
import { sendPasswordResetJob } from './account-links.jobs';
import { accountTokens } from './account-links.schema';
import { FORGOT_PASSWORD_ANSWER } from './account-links.service';

const NEW_PASSWORD = 'Fresh#Pass42';
const MAX_RESETS_PER_HOUR = 2;

let ctx: TestContext;
let admin: { id: string; mail: string; companyId: string };
let adminToken: string;

// Each call comes from its own address, so the per-IP limits of sign-in and reset requests stay out of
// the way; the tests of those limits use one address on purpose.
const { get, post } = requestsTo(() => ctx.app);
/** A reset request from the given address. */
const forgotFrom = (remoteAddress: string, mail: string) =>
  ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { mail }, remoteAddress });

async function signIn(mail: string, password = TEST_PASSWORD) {
  const response = await post('/auth/login', { mail, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const outboxFor = (to: string) =>
  ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
/** The unusable stand-in the outbox keeps for viewing: the same link with every character of the token an x. */
const placeholderOf = (url: string) => url.replace(tokenOf(url), 'x'.repeat(tokenOf(url).length));

/** An invited user, created through the API by the admin; answers its id, mail and the mailed link. */
async function invite(fields: Record<string, unknown> = {}, token = adminToken) {
  const mail = uniqueMail('invited');
  const response = await post('/auth/create-user', { mail, first_name: 'Ines', ...fields }, token);
  expect(response.statusCode, response.body).toBe(201);
  const [mailRow] = await outboxFor(mail);
  const link = String(mailRow?.variables.set_password_url);
  return { id: response.json().user_id as string, mail, link, token: tokenOf(link), answer: response.json() };
}

/** Asks for a reset mail and waits for the background job to write it. */
async function requestReset(mail: string) {
  const before = (await outboxFor(mail)).length;
  const response = await post('/auth/forgot-password', { mail });
  expect(response.statusCode, response.body).toBe(202);
  const rows = await waitFor(async () => {
    const all = await outboxFor(mail);
    return all.length > before ? all : undefined;
  });
  const link = String(rows.at(-1)!.variables.reset_url);
  return { link, token: tokenOf(link) };
}

beforeAll(async () => {
  ctx = await createTestApp({
    LOGIN_MAX_ATTEMPTS_PER_IP: '6',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    PASSWORD_RESET_MAX_PER_HOUR: String(MAX_RESETS_PER_HOUR),
    PUBLIC_URL: 'https://portal.cuspid.test/',
  });
  await ctx.deps.jobs.work(ctx.deps, { only: [deliverMailJob.name, sendPasswordResetJob.name] });
  admin = await createTestAdmin(ctx.deps);
  adminToken = await signIn(admin.mail);
});
afterAll(() => ctx?.close());

describe('POST /auth/create-user without a password: an invitation', () => {
  it('creates an invited user and writes the invitation mail with a link to the web page', async () => {
    const { id, mail, link, token, answer } = await invite({ contact_language: 'de' });
    expect(answer.message).toBe('The user was created and invited by mail');
    // No SMTP server is configured in this app: the mail reaches nobody, so the admin gets the link.
    expect(answer.invitation_url).toBe(link);
    expect(link).toMatch(/^https:\/\/portal\.cuspid\.test\/accept-invitation\?token=[A-Za-z0-9_-]{43}$/);

    const [mailRow] = await outboxFor(mail);
    expect(mailRow).toMatchObject({ event: 'user.invitation', language: 'de', companyId: admin.companyId });
    expect(mailRow!.variables).toMatchObject({ first_name: 'Ines', company_name: expect.any(String) });
    await waitFor(async () => (await outboxFor(mail))[0]?.status === 'sent');
    // What is kept for viewing holds a placeholder of the link's shape, never the link itself.
    const kept = (await outboxFor(mail))[0]!;
    expect(kept.html).toContain(placeholderOf(link));
    expect(`${kept.subject}${kept.html}${kept.text}`).not.toContain(token);

    // Stored hashed, never as sent.
    const [stored] = await ctx.deps.db.select().from(accountTokens).where(eq(accountTokens.userId, id));
    expect(stored).toMatchObject({ purpose: 'invitation', tokenHash: sha256(token), usedAt: null, revokedAt: null });
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.round(lifetime / 86_400_000)).toBe(7);

    const shown = await get(`/auth/list-user-by-id?id=${id}`, adminToken);
    expect(shown.json()).toMatchObject({ status: 'invited', is_active: true, invited_at: expect.any(String) });

    const [audit] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ action: 'create', actorUserId: admin.id });
    expect(audit!.changes.passwordHash).toBeUndefined();
    expect(audit!.changes.invitedAt?.new).toEqual(expect.any(String));
    expect(JSON.stringify(audit!.changes)).not.toContain(token);
  });

  it('keeps the invited user out of sign-in until the invitation is accepted', async () => {
    const { mail } = await invite();
    const response = await post('/auth/login', { mail, password: 'Any#Pass123' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an invited user that is to be inactive, and self-registration without a password', async () => {
    const inactive = await post('/auth/create-user', { mail: uniqueMail(), is_active: false }, adminToken);
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors.is_active).toHaveLength(1);

    const mail = uniqueMail();
    const registration = await post('/auth/create-user', { mail });
    expect(registration.statusCode).toBe(400);
    expect(registration.json().errors.password).toEqual(['The Password field is required']);
    expect(await outboxFor(mail)).toHaveLength(0);
  });

  it('still creates a user with a password the old way, without any mail', async () => {
    const mail = uniqueMail();
    const response = await post('/auth/create-user', { mail, password: NEW_PASSWORD }, adminToken);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'The user was created', user_id: expect.any(String) });
    expect(await outboxFor(mail)).toHaveLength(0);
    const shown = await get(`/auth/list-user-by-id?id=${response.json().user_id}`, adminToken);
    expect(shown.json()).toMatchObject({ status: 'active', invited_at: null });
  });

  it('lists an invited, an active and a deactivated user with their status', async () => {
    const active = await createTestUser(ctx.deps);
    const inactive = await createTestUser(ctx.deps, { companyId: active.companyId, active: false });
    const invited = await invite({ company_id: active.companyId });
    // Users of one company: its name is unique ("Company of <mail>").
    const list = await get(`/auth/list-users?search=${encodeURIComponent(active.mail)}`, adminToken);
    expect(list.json().count).toBe(3);
    const statusOf = (id: string) =>
      list.json().data.find((u: { id: string; status: string }) => u.id === id)?.status as string;
    expect([statusOf(active.id), statusOf(inactive.id), statusOf(invited.id)]).toEqual([
      'active',
      'inactive',
      'invited',
    ]);
  });
});

describe('POST /auth/resend-invitation', () => {
  it('answers 403 without update-user', async () => {
    const { id } = await invite();
    const nobody = await createTestUser(ctx.deps);
    const refused = await post('/auth/resend-invitation', { id }, await signIn(nobody.mail));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it('answers 400 for a missing id and for a user who has a password already', async () => {
    const missing = await post('/auth/resend-invitation', {}, adminToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.id).toEqual(['This field is required']);
    const withPassword = await createTestUser(ctx.deps);
    const refused = await post('/auth/resend-invitation', { id: withPassword.id }, adminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/set a password already/);
  });

  it("answers 404 for another company's user, as for every user call", async () => {
    const companyAdmin = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const elsewhere = await invite();
    const response = await post('/auth/resend-invitation', { id: elsewhere.id }, await signIn(companyAdmin.mail));
    expect(response.statusCode).toBe(404);
    expect(await outboxFor(elsewhere.mail)).toHaveLength(1);
  });

  it('sends a new link to a user of the own company; the earlier link stops working', async () => {
    const companyAdmin = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const companyToken = await signIn(companyAdmin.mail);
    const first = await invite({}, companyToken);
    const response = await post('/auth/resend-invitation', { id: first.id }, companyToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('The invitation was sent again');
    const mails = await outboxFor(first.mail);
    expect(mails).toHaveLength(2);
    const second = String(mails[1]!.variables.set_password_url);
    // Only an administrator reads a usable link in an answer; a partner's user gets it by mail only.
    expect(first.answer.invitation_url).toBeUndefined();
    expect(response.json().invitation_url).toBeUndefined();
    expect(tokenOf(second)).not.toBe(first.token);

    const old = await post('/auth/accept-invitation', { token: first.token, password: NEW_PASSWORD });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'LINK_INVALID', message: expect.stringMatching(/no longer valid/) });
    const accepted = await post('/auth/accept-invitation', { token: tokenOf(second), password: NEW_PASSWORD });
    expect(accepted.statusCode).toBe(200);

    const entries = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.id), eq(auditLog.action, 'update')));
    expect(entries.find((e) => e.actorUserId === companyAdmin.id)?.changes.invitedAt).toBeDefined();
  });
});

describe('POST /auth/check-account-link', () => {
  it('names the user and the expiry of a live link', async () => {
    const { mail, token } = await invite();
    const response = await post('/auth/check-account-link', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ purpose: 'invitation', mail, expires_at: expect.any(String) });
  });

  it('answers 400 for a missing token and LINK_INVALID for an unknown one', async () => {
    const missing = await post('/auth/check-account-link', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.token).toEqual(['The link is incomplete']);
    const unknown = await post('/auth/check-account-link', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('LINK_INVALID');
  });
});

describe('POST /auth/accept-invitation', () => {
  it('refuses a weak password per field and leaves the link usable', async () => {
    const { token } = await invite();
    const weak = await post('/auth/accept-invitation', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toContain('The Password must be at least 8 characters');
    expect((await post('/auth/check-account-link', { token })).statusCode).toBe(200);
  });

  it('sets the password, signs the user in and makes the user active; the link works once', async () => {
    const { id, mail, token } = await invite();
    const response = await post('/auth/accept-invitation', { token, password: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.token.split('.')).toHaveLength(3);
    expect(answer.token_info.user).toMatchObject({ id, mail });
    expect((await get('/auth/profile', answer.token)).statusCode).toBe(200);
    await signIn(mail, NEW_PASSWORD);
    expect((await get(`/auth/list-user-by-id?id=${id}`, adminToken)).json().status).toBe('active');

    const again = await post('/auth/accept-invitation', { token, password: NEW_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'LINK_USED',
      message: 'This invitation was accepted already. Sign in with your mail address and password.',
    });

    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({ actorKind: 'user', actorUserId: id });
    expect(entry!.changes).toEqual({ passwordHash: { old: null, new: '[redacted]' } });
    expect(JSON.stringify(entry!.changes)).not.toContain(NEW_PASSWORD);
  });

  it('refuses an expired invitation with a clear message', async () => {
    const { id, token } = await invite();
    await ctx.deps.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.userId, id));
    const response = await post('/auth/accept-invitation', { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'LINK_EXPIRED',
      message: 'This link has expired. Please ask the person who invited you to send the invitation again.',
    });
    expect((await post('/auth/check-account-link', { token })).json().code).toBe('LINK_EXPIRED');
  });

  it('refuses the link of a user deactivated meanwhile, and a password-reset link', async () => {
    const { id, token } = await invite();
    expect((await post('/auth/update-user', { id, is_active: false }, adminToken)).statusCode).toBe(200);
    const response = await post('/auth/accept-invitation', { token, password: NEW_PASSWORD });
    expect(response.json().code).toBe('LINK_INVALID');

    const user = await createTestUser(ctx.deps);
    const reset = await requestReset(user.mail);
    const wrongPage = await post('/auth/accept-invitation', { token: reset.token, password: NEW_PASSWORD });
    expect(wrongPage.statusCode).toBe(400);
    expect(wrongPage.json().code).toBe('LINK_INVALID');
  });

  it('revokes the invitation when an administrator sets a password or changes the mail address', async () => {
    const byPassword = await invite();
    await post('/auth/update-user', { id: byPassword.id, password: NEW_PASSWORD }, adminToken);
    expect((await post('/auth/check-account-link', { token: byPassword.token })).json().code).toBe('LINK_INVALID');
    const byMail = await invite();
    await post('/auth/update-user', { id: byMail.id, mail: uniqueMail() }, adminToken);
    expect((await post('/auth/check-account-link', { token: byMail.token })).json().code).toBe('LINK_INVALID');
  });
});

describe('POST /auth/forgot-password', () => {
  it('answers 400 for a malformed mail address', async () => {
    const response = await post('/auth/forgot-password', { mail: 'not-a-mail' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.mail).toEqual(['The Email field must be a valid email']);
  });

  it('answers a known and an unknown address identically; only the known one gets a mail', async () => {
    const user = await createTestUser(ctx.deps);
    const unknownMail = uniqueMail('nobody');
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    const known = await post('/auth/forgot-password', { mail: user.mail });
    const unknown = await post('/auth/forgot-password', { mail: unknownMail });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(strip(unknown.json())).toEqual(strip(known.json()));
    expect(known.json().message).toBe(FORGOT_PASSWORD_ANSWER);

    const [mailRow] = await waitFor(async () => {
      const rows = await outboxFor(user.mail);
      return rows.length ? rows : undefined;
    });
    expect(mailRow).toMatchObject({ event: 'user.password-reset', companyId: user.companyId });
    expect(String(mailRow!.variables.reset_url)).toMatch(
      /^https:\/\/portal\.cuspid\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/,
    );
    // The job for the unknown address ran to its end and wrote nothing.
    await waitFor(async () => {
      const jobs = await ctx.deps.jobs.boss.findJobs(sendPasswordResetJob.name, { data: { mail: unknownMail } });
      return jobs.length === 1 && jobs[0]!.state === 'completed';
    });
    expect(await outboxFor(unknownMail)).toHaveLength(0);
  });

  it('limits requests per mail address, known or not, with the same answer', async () => {
    const user = await createTestUser(ctx.deps);
    const unknownMail = uniqueMail('nobody');
    for (const mail of [user.mail, unknownMail]) {
      for (let i = 0; i < MAX_RESETS_PER_HOUR; i++) {
        expect((await post('/auth/forgot-password', { mail })).statusCode).toBe(202);
      }
    }
    const known = await post('/auth/forgot-password', { mail: user.mail });
    const unknown = await post('/auth/forgot-password', { mail: unknownMail });
    expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
    expect(known.json().message).toBe(unknown.json().message);
    expect(known.headers['retry-after']).toBe('3600');
  });

  it('limits requests per IP like sign-in', async () => {
    // A fresh address each run: on a shared PostgreSQL the counter of an earlier run may still be in its window.
    const ip = `10.35.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 6; i++) {
      expect((await forgotFrom(ip, uniqueMail())).statusCode).toBe(202);
    }
    const response = await forgotFrom(ip, uniqueMail());
    expect(response.statusCode).toBe(429);
    expect(response.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('POST /auth/reset-password', () => {
  it('refuses a weak password and an unknown link', async () => {
    const user = await createTestUser(ctx.deps);
    const { token } = await requestReset(user.mail);
    const weak = await post('/auth/reset-password', { token, password: 'alllowercase' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toContain('The Password must contain at least 1 capital letter');
    const unknown = await post('/auth/reset-password', { token: 'y'.repeat(43), password: NEW_PASSWORD });
    expect(unknown.json().code).toBe('LINK_INVALID');
  });

  it('sets the new password, signs out every session and lifts a sign-in pause; the link works once', async () => {
    const user = await createTestUser(ctx.deps);
    const oldSession = await signIn(user.mail);
    for (let i = 0; i < 3; i++) await post('/auth/login', { mail: user.mail, password: 'Wrong#Pass1' });
    expect((await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD })).statusCode).toBe(429);

    const { token } = await requestReset(user.mail);
    const response = await post('/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Your password was changed. You can sign in with it now.');

    expect((await get('/auth/profile', oldSession)).statusCode).toBe(419);
    expect((await post('/auth/login', { mail: user.mail, password: TEST_PASSWORD })).statusCode).toBe(401);
    await signIn(user.mail, NEW_PASSWORD);

    const again = await post('/auth/reset-password', { token, password: 'Other#Pass42' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_USED', message: expect.stringMatching(/used already/) });

    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({ actorKind: 'user', actorUserId: user.id });
    expect(entry!.changes).toEqual({ passwordHash: { old: '[redacted]', new: '[redacted]' } });
  });

  it('keeps only the newest link, refuses an expired one and an invitation link', async () => {
    const user = await createTestUser(ctx.deps);
    const first = await requestReset(user.mail);
    const second = await requestReset(user.mail);
    expect((await post('/auth/reset-password', { token: first.token, password: NEW_PASSWORD })).json().code).toBe(
      'LINK_INVALID',
    );
    await ctx.deps.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.tokenHash, sha256(second.token)));
    const expired = await post('/auth/reset-password', { token: second.token, password: NEW_PASSWORD });
    expect(expired.json()).toMatchObject({
      code: 'LINK_EXPIRED',
      message: 'This link has expired. Please ask for a new one with "Forgot password?" on the sign-in page.',
    });

    const { token } = await invite();
    const wrongPage = await post('/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(wrongPage.json().code).toBe('LINK_INVALID');
  });

  it('lets an invited user who lost the invitation set a password through a reset link', async () => {
    const { id, mail } = await invite();
    const { token } = await requestReset(mail);
    expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    await signIn(mail, NEW_PASSWORD);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, id));
    expect(row?.passwordHash).toBeTruthy();
  });
});

describe('account links in the sent-mail viewer', () => {
  it('shows the link to administrators only', async () => {
    const { mail, link } = await invite();
    await waitFor(async () => (await outboxFor(mail))[0]?.status === 'sent');
    const search = `/mail/list-sent-mails?search=${encodeURIComponent(mail)}`;
    const asAdmin = (await get(search, adminToken)).json().data[0];
    expect(asAdmin.html).toContain(link);

    const mailClerk = await createTestUser(ctx.deps, { roles: ['employee'], staff: true });
    const asClerk = (await get(search, await signIn(mailClerk.mail))).json().data[0];
    expect(asClerk.to).toBe(mail);
    expect(asClerk.html).toContain(placeholderOf(link));
    expect(`${asClerk.html}${asClerk.text}`).not.toContain(tokenOf(link));
  });
});

describe('with an SMTP server', () => {
  let smtp: TestSmtpServer;
  let withSmtp: TestContext;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    withSmtp = await createTestApp({ ...smtp.env, PUBLIC_URL: 'https://portal.cuspid.test' });
    await withSmtp.deps.jobs.work(withSmtp.deps, { only: [deliverMailJob.name] });
  });
  afterAll(async () => {
    await withSmtp?.close();
    await smtp?.close();
  });

  it('mails the link without answering it, and wipes it from the outbox once delivered', async () => {
    const smtpAdmin = await createTestAdmin(withSmtp.deps);
    const login = await withSmtp.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { mail: smtpAdmin.mail, password: TEST_PASSWORD },
    });
    const mail = uniqueMail('smtp');
    const created = await withSmtp.app.inject({
      method: 'POST',
      url: '/auth/create-user',
      payload: { mail },
      headers: bearer(login.json().token),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().invitation_url).toBeUndefined();

    const received = await waitFor(async () => smtp.received.find((m) => m.subject?.includes('invited')));
    const link = String(received.html).match(/https:\/\/portal\.cuspid\.test\/accept-invitation\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();

    const [row] = await waitFor(async () => {
      const rows = await withSmtp.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, mail));
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    const stored = JSON.stringify([row!.html, row!.text, row!.variables]);
    expect(stored).not.toContain(tokenOf(link!));
    expect(row!.variables.set_password_url).toBe(placeholderOf(link!));
    // The link still works: the outbox only forgot it.
    const accepted = await withSmtp.app.inject({
      method: 'POST',
      url: '/auth/accept-invitation',
      payload: { token: tokenOf(link!), password: NEW_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
  });
});
