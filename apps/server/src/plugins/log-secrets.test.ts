import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  randomAddress,
  TEST_PASSWORD,
  type TestContext,
  uniqueMail,
} from '../../test/setup-app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../test/smtp-server';
import { stripeEvent, stripeSignature } from '../../test/stripe-double';
import { sendPasswordResetJob } from '../modules/account-links/account-links.jobs';
import { deliverMailJob } from '../modules/sent-mails/sent-mails.jobs';

/**
 * No secret in logs (issue 28). A whole app logging at `trace` through the logger `npm start` builds goes through
 * every step that handles a secret; then no line of its log, in any field, may hold one. What is logged is whatever
 * the app and its libraries log, so the test does not name fields: it searches every line for every secret.
 */

const lines: string[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

const SMTP_LOGIN = { user: 'cuspid-mailer', pass: `smtp-${randomUUID()}` };
const WEBHOOK_SECRET = `whsec_${randomUUID().replaceAll('-', '')}`;
const newPassword = () => `Log#Secret-${randomUUID().slice(0, 12)}`;

let ctx: TestContext;
let smtp: TestSmtpServer;

/** Every secret the journey handled, named for the failure message. */
const secrets: { what: string; value: string }[] = [];
/** The request ids of the journey's calls. */
const requestIds: string[] = [];

function keep(what: string, value: string) {
  expect(value, what).toBeTruthy();
  secrets.push({ what, value });
}

/** A signed token (a JWT) and its payload and signature segments, each recognisable alone; an opaque one whole. */
function keepToken(what: string, token: string) {
  keep(what, token);
  const [, payload, signature] = token.split('.');
  if (payload && signature) {
    keep(`${what} (payload segment)`, payload);
    keep(`${what} (signature segment)`, signature);
  }
}

async function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const response = await ctx.app.inject({
    method,
    url,
    headers,
    remoteAddress: randomAddress(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  requestIds.push(String(response.headers['x-request-id']));
  return response;
}

async function expectStatus(response: Promise<LightMyRequestResponse>, status: number) {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBe(status);
  return answered.json();
}

/** The token of the account link in the mail SMTP took for `mail`. */
async function linkTokenMailedTo(mail: string): Promise<string> {
  const received = await waitFor(async () => smtp.received.find((m) => JSON.stringify(m.to).includes(mail)));
  const token = /[?&]token=([\w-]+)/.exec(received.text ?? '')?.[1];
  expect(token, `a link in the mail to ${mail}`).toBeTruthy();
  return token!;
}

/** The app code of the current 30-second step plus `offset` steps, well inside a step (the server sees the same). */
async function appCode(secret: string, offset = 0) {
  const into = (Date.now() / 1000) % 30;
  if (into > 26) await new Promise((resolve) => setTimeout(resolve, (30.5 - into) * 1000));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}

async function signInAndRefresh(mail: string, password: string) {
  const signedIn = await expectStatus(call('POST', '/auth/login', { mail, password }), 200);
  keepToken('access token', signedIn.token);
  keepToken('refresh token', signedIn.refresh_token);
  // A wrong password, and a refresh token presented again once spent (refused).
  await expectStatus(call('POST', '/auth/login', { mail, password: `${password}-wrong` }), 401);
  const refreshed = await expectStatus(
    call('POST', '/auth/refresh-token', { refresh_token: signedIn.refresh_token }),
    200,
  );
  keepToken('refreshed access token', refreshed.token);
  keepToken('refreshed refresh token', refreshed.refresh_token);
  await expectStatus(call('GET', '/auth/profile', undefined, bearer(refreshed.token)), 200);
  await expectStatus(call('POST', '/auth/refresh-token', { refresh_token: signedIn.refresh_token }), 401);
  await expectStatus(call('GET', '/auth/profile', undefined, bearer(`${refreshed.token}x`)), 401);
}

async function twoFactor(mail: string, password: string) {
  const { token } = await expectStatus(call('POST', '/auth/login', { mail, password }), 200);
  const setup = await expectStatus(call('POST', '/auth/setup-two-factor', { password }, bearer(token)), 200);
  keep('two-factor secret', setup.secret);
  const enablingCode = await appCode(setup.secret, -1);
  keep('TOTP code', enablingCode);
  const enabled = await expectStatus(
    call('POST', '/auth/enable-two-factor', { code: enablingCode }, bearer(token)),
    200,
  );
  for (const code of enabled.recovery_codes) keep('recovery code', code);

  const first = await expectStatus(call('POST', '/auth/login', { mail, password }), 200);
  keepToken('sign-in challenge', first.challenge);
  const code = await appCode(setup.secret);
  keep('TOTP code', code);
  const signedIn = await expectStatus(
    call('POST', '/auth/login/two-factor', { challenge: first.challenge, code }),
    200,
  );
  keepToken('access token after two-factor sign-in', signedIn.token);
  keepToken('refresh token after two-factor sign-in', signedIn.refresh_token);

  const second = await expectStatus(call('POST', '/auth/login', { mail, password }), 200);
  keepToken('sign-in challenge', second.challenge);
  await expectStatus(call('POST', '/auth/login/two-factor', { challenge: second.challenge, code: '000000' }), 401);
  const recovery = enabled.recovery_codes[0];
  await expectStatus(call('POST', '/auth/login/two-factor', { challenge: second.challenge, code: recovery }), 200);
}

async function passwordReset(mail: string) {
  // The first mail is refused once by the SMTP server: its delivery fails, is logged, and is tried again.
  smtp.failNext(mail, 1);
  await expectStatus(call('POST', '/auth/forgot-password', { mail }), 202);
  const token = await linkTokenMailedTo(mail);
  keep('password-reset link token', token);
  // The browser opens the mailed link (the web app's page), which checks it and sets the password.
  await call('GET', `/reset-password?token=${token}`);
  await expectStatus(call('POST', '/auth/check-account-link', { token }), 200);
  const password = newPassword();
  keep('password set by the reset link', password);
  await expectStatus(call('POST', '/auth/reset-password', { token, password }), 200);
  await expectStatus(call('POST', '/auth/reset-password', { token, password }), 400);
  const signedIn = await expectStatus(call('POST', '/auth/login', { mail, password }), 200);
  keepToken('access token after a reset', signedIn.token);
}

async function invitation(adminToken: string) {
  const mail = uniqueMail('invited');
  await expectStatus(call('POST', '/auth/create-user', { mail, first_name: 'Ines' }, bearer(adminToken)), 201);
  const token = await linkTokenMailedTo(mail);
  keep('invitation link token', token);
  await call('GET', `/accept-invitation?token=${token}&lang=de`);
  await expectStatus(call('POST', '/auth/check-account-link', { token }), 200);
  const password = newPassword();
  keep('password chosen on an invitation', password);
  const accepted = await expectStatus(call('POST', '/auth/accept-invitation', { token, password }), 200);
  keepToken('access token after an invitation', accepted.token);
  keepToken('refresh token after an invitation', accepted.refresh_token);
}

async function apiKey(adminToken: string) {
  const created = await expectStatus(
    call('POST', '/auth/create-api-token', { name: 'logs', scopes: ['list-users'] }, bearer(adminToken)),
    201,
  );
  const clientId: string = created.data.client_id;
  const secret: string = created.client_secret;
  keep('API key client secret', secret);
  const grant = { grant_type: 'client_credentials', client_id: clientId, client_secret: secret };
  const exchanged = await expectStatus(call('POST', '/auth/token', grant), 200);
  keepToken('API key access token', exchanged.access_token);
  // The two other ways RFC 6749 allows: form-encoded, and the credentials as HTTP Basic.
  const form = new URLSearchParams(grant).toString();
  await expectStatus(call('POST', '/auth/token', form, { 'content-type': 'application/x-www-form-urlencoded' }), 200);
  const basic = Buffer.from(`${clientId}:${secret}`).toString('base64');
  keep('API key credentials as HTTP Basic', basic);
  await expectStatus(
    call('POST', '/auth/token', { grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` }),
    200,
  );
  await expectStatus(call('POST', '/auth/token', { ...grant, client_secret: `${secret}x` }), 401);
  await expectStatus(call('GET', '/auth/list-users', undefined, bearer(exchanged.access_token)), 200);
}

async function stripeWebhook() {
  keep('Stripe webhook secret', WEBHOOK_SECRET);
  const payload = stripeEvent(`evt_${randomUUID().slice(0, 8)}`, 'customer.created', {
    id: 'cus_1',
    object: 'customer',
  });
  const signature = stripeSignature(payload, WEBHOOK_SECRET);
  keep('Stripe-Signature header', signature);
  keep('Stripe-Signature v1', signature.split('v1=')[1]!);
  const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
  await expectStatus(call('POST', '/api/payments/stripe/webhook', payload, headers), 200);
  const forged = stripeSignature(payload, 'whsec_someone_else');
  keep('Stripe-Signature header of a refused delivery', forged);
  await expectStatus(
    call('POST', '/api/payments/stripe/webhook', payload, { ...headers, 'stripe-signature': forged }),
    400,
  );
}

/** A download link of local storage, as the external engine follows one to a jaw scan (valid an hour). */
async function downloadLink() {
  const key = `log-secrets/${randomUUID()}.stl`;
  await ctx.deps.storage.put(key, Buffer.from('solid jaw'), { contentType: 'model/stl' });
  const url = new URL(await ctx.deps.storage.signedUrl(key, { expiresInSeconds: 3600, fileName: 'jaw.stl' }));
  keep('download link signature', url.searchParams.get('sig') ?? '');
  const response = await call('GET', `${url.pathname}${url.search}`);
  expect(response.statusCode, response.body).toBe(200);
}

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  smtp = await startTestSmtpServer({ login: SMTP_LOGIN });
  keep('SMTP password', SMTP_LOGIN.pass);
  keep('SMTP AUTH PLAIN', Buffer.from(`\0${SMTP_LOGIN.user}\0${SMTP_LOGIN.pass}`).toString('base64'));
  keep('SMTP AUTH LOGIN password', Buffer.from(SMTP_LOGIN.pass).toString('base64'));
  ctx = await createTestApp(
    {
      LOG_LEVEL: 'trace',
      ...smtp.env,
      PUBLIC_URL: 'https://portal.cuspid.test/',
      STRIPE_SECRET_KEY: 'sk_test_log_secrets',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    { logDestination: destination },
  );
  await ctx.deps.jobs.work(ctx.deps, { only: [deliverMailJob.name, sendPasswordResetJob.name] });

  keep("the test users' password", TEST_PASSWORD);
  const admin = await createTestAdmin(ctx.deps);
  const adminToken = (
    await expectStatus(call('POST', '/auth/login', { mail: admin.mail, password: TEST_PASSWORD }), 200)
  ).token;
  const password = newPassword();
  keep('password', password);
  const user = await createTestUser(ctx.deps, { password });
  await signInAndRefresh(user.mail, password);
  await twoFactor(user.mail, password);
  await passwordReset((await createTestUser(ctx.deps)).mail);
  await invitation(adminToken);
  await apiKey(adminToken);
  await stripeWebhook();
  await downloadLink();
  // The last lines of the two mails' delivery jobs (the reset mail's after its retry).
  const deliveries = () => entries().filter((entry) => entry.job === deliverMailJob.name && entry.msg === 'job done');
  await waitFor(async () => deliveries().length >= 2);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** A log line with the text of each Buffer in it (pino writes one as its bytes: a secret in them is still there). */
function textOf(line: string) {
  const buffers: string[] = [];
  JSON.parse(line, (_key, value) => {
    if (value?.type === 'Buffer' && Array.isArray(value.data)) buffers.push(Buffer.from(value.data).toString('latin1'));
    return value;
  });
  return [line, ...buffers].join('\n');
}

/** Where `value` occurs in `text`: a six-digit code only standing alone (not inside a longer number or id). */
function occursIn(text: string, value: string) {
  if (/^\d{6}$/.test(value)) return new RegExp(`(?<![\\w.])${value}(?![\\w.])`).test(text);
  return text.includes(value);
}

describe('the log of sign-in, two-factor sign-in, account links, API keys, Stripe webhooks and download links', () => {
  it('is there, at trace level: each call by its request id and route, the jobs and their failures', () => {
    expect(ctx.deps.logger.level).toBe('trace');
    const logged = entries();
    const ids = new Set(logged.map((entry) => entry.reqId));
    expect(requestIds.length).toBeGreaterThan(30);
    expect(requestIds.filter((id) => !ids.has(id))).toEqual([]);
    const urls = logged.map((entry) => (entry.req as { url?: string } | undefined)?.url ?? '');
    for (const route of [
      '/auth/login',
      '/auth/refresh-token',
      '/auth/login/two-factor',
      '/auth/reset-password',
      '/auth/accept-invitation',
      '/auth/token',
      '/api/payments/stripe/webhook',
      '/files/',
    ]) {
      expect(
        urls.some((url) => url.startsWith(route)),
        route,
      ).toBe(true);
    }
    const messages = logged.map((entry) => entry.msg);
    expect(messages).toContain('job done');
    expect(messages).toContain('mail delivery failed');
  });

  it('holds none of their secrets', () => {
    expect(secrets.length).toBeGreaterThan(30);
    const leaks = lines.flatMap((line) =>
      secrets.filter(({ value }) => occursIn(textOf(line), value)).map(({ what }) => `${what}: ${line}`),
    );
    expect(leaks).toEqual([]);
  });
});
