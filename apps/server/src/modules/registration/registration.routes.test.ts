import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
  uniqueMail,
} from '../../../test/setup-app';
import { CAPTCHA_TEST_ANSWER } from '../../config/env';
import { companies } from '../companies/companies.schema';
import { roles } from '../roles/roles.schema';
import { deliverMail } from '../sent-mails/mail-delivery';
import { mailOutbox } from '../sent-mails/sent-mails.schema';
import { users } from '../users/users.schema';
import { hashCaptchaAnswer } from './captcha';
import { insertCaptcha } from './registration.repository';
import { captchas, registrationConfiguration } from './registration.schema';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.deps.db.delete(registrationConfiguration);
});

const { call } = requestsTo(() => ctx.app);

/** A captcha whose answer the test knows, stored the way the server stores it. */
async function knownCaptcha(answer = 'k7Wp3', deps = ctx.deps) {
  const id = randomUUID();
  await insertCaptcha(deps.db, id, hashCaptchaAnswer(id, answer), new Date(Date.now() + 60_000));
  return { captcha_id: id, captcha_answer: answer };
}

const registration = (extra: Record<string, unknown> = {}) => ({
  company_name: 'Praxis am Park',
  country: 'DE',
  vat_id: 'DE136695976',
  city: 'Berlin',
  mail: uniqueMail('practice'),
  password: 'Praxis#2026',
  ...extra,
});

/** A role open to self-registration (no permissions: a registration role carries self-service ones only). */
async function registrableRole() {
  const [role] = await ctx.deps.db
    .insert(roles)
    .values({ name: `registering-lab-${randomUUID().slice(0, 8)}`, title: 'Registering lab', canRegister: true })
    .returning();
  return role!;
}

/** Companies of that name: on a shared PostgreSQL other files create companies meanwhile, never under this name. */
const companyCount = async (name: string) =>
  (await ctx.deps.db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, name))).length;

describe('GET /api/captcha/api', () => {
  it('makes an SVG image captcha and stores only a hash of its answer', async () => {
    const response = await call('GET', '/api/captcha/api');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.image.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await ctx.deps.db.select().from(captchas).where(eq(captchas.id, body.id));
    expect(row?.answerHash).toHaveLength(43);
    expect(new Date(body.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });
});

describe('POST /api/check-vat-id', () => {
  it('answers 400 without a VAT id', async () => {
    const response = await call('POST', '/api/check-vat-id', undefined, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.vat_id).toEqual(['This field is required']);
  });

  it('checks format and checksum offline for EU countries', async () => {
    const check = async (vat_id: string, country?: string) =>
      (await call('POST', '/api/check-vat-id', undefined, { vat_id, ...(country ? { country } : {}) })).json();
    expect(await check('DE136695976')).toEqual({ valid: true, checkedOnline: false });
    expect(await check('de 136 695 976')).toEqual({ valid: true, checkedOnline: false });
    expect(await check('136695976', 'DE')).toEqual({ valid: true, checkedOnline: false });
    expect(await check('DE136695978')).toEqual({ valid: false, checkedOnline: false });
    expect(await check('ATU13585627')).toEqual({ valid: true, checkedOnline: false });
    // A valid German id does not belong to a French company.
    expect(await check('DE136695976', 'FR')).toEqual({ valid: false, checkedOnline: false });
  });
});

describe('POST /api/register-company', () => {
  it('answers 400 with the spec messages for missing fields and a weak password', async () => {
    const response = await call('POST', '/api/register-company', undefined, { password: 'short' });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors;
    expect(errors.mail).toEqual(['The Email field is required']);
    expect(errors.company_name).toEqual(['This field is required']);
    expect(errors.password).toContain('The Password must be at least 8 characters');
  });

  it('registers a company and its first user with the registration role, who can sign in and see the company', async () => {
    const captcha = await knownCaptcha();
    const body = registration(captcha);
    const response = await call('POST', '/api/register-company', undefined, body);
    expect(response.statusCode).toBe(201);
    const { company_id, user_id } = response.json();
    const { token, token_info } = await loginAs(ctx.app, body.mail, body.password);
    expect(token_info.user_id).toBe(user_id);
    expect(token_info.company_id).toBe(company_id);
    expect(token_info.roles).toEqual(['end-user']);
    const own = await call('GET', '/api/my-company', token);
    expect(own.json()).toMatchObject({
      id: company_id,
      company_name: 'Praxis am Park',
      vat_id: 'DE136695976',
      country: 'DE',
    });
    // The captcha was spent.
    const again = await call('POST', '/api/register-company', undefined, registration(captcha));
    expect(again.statusCode).toBe(400);
  });

  it('refuses a wrong captcha, an invalid VAT id and a taken mail, and creates nothing', async () => {
    const existing = await createTestUser(ctx.deps);
    const companyName = `Refused practice ${randomUUID().slice(0, 8)}`;
    const wrong = await call(
      'POST',
      '/api/register-company',
      undefined,
      registration({ company_name: companyName, ...(await knownCaptcha()), captcha_answer: 'nope1' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.captcha_answer).toEqual([
      'The captcha answer is wrong or expired. Please try the new image.',
    ]);
    const missing = await call('POST', '/api/register-company', undefined, registration({ company_name: companyName }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.captcha_answer).toBeDefined();
    const invalidVat = await call(
      'POST',
      '/api/register-company',
      undefined,
      registration({ company_name: companyName, vat_id: 'DE136695978', ...(await knownCaptcha()) }),
    );
    expect(invalidVat.statusCode).toBe(400);
    expect(invalidVat.json().errors.vat_id).toEqual(['The VAT id is not valid']);
    const taken = await call(
      'POST',
      '/api/register-company',
      undefined,
      registration({ company_name: companyName, mail: existing.mail, ...(await knownCaptcha()) }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.mail).toEqual(['This mail address is already registered']);
    expect(await companyCount(companyName)).toBe(0);
  });

  it('follows the registration configuration: role, captcha off, required VAT and allowed countries', async () => {
    const reseller = (await call('GET', '/api/get-reseller-partner', adminToken)).statusCode;
    expect(reseller).toBe(200);
    const { id: roleId, name: roleName } = await registrableRole();
    const saved = await call('POST', '/api/save-registration-configuration', adminToken, {
      role_id: roleId,
      free_credits: 25,
      captcha_enabled: false,
      vat_required_countries: ['at'],
      allowed_countries: ['DE', 'AT'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      role_id: roleId,
      free_credits: 25,
      captcha_enabled: false,
      vat_required_countries: ['AT'],
      allowed_countries: ['DE', 'AT'],
    });
    expect((await call('GET', '/api/registration-configuration', adminToken)).json().free_credits).toBe(25);
    expect((await call('GET', '/api/registration-options')).json()).toEqual({
      captcha_enabled: false,
      vat_required_countries: ['AT'],
      allowed_countries: ['DE', 'AT'],
    });

    const france = await call(
      'POST',
      '/api/register-company',
      undefined,
      registration({ country: 'FR', vat_id: null }),
    );
    expect(france.json().errors.country).toEqual(['Registration is not open for this country']);
    const austria = await call('POST', '/api/register-company', undefined, registration({ country: 'AT', vat_id: '' }));
    expect(austria.json().errors.vat_id).toEqual(['A VAT id is required for this country']);
    const body = registration({ vat_id: null });
    const ok = await call('POST', '/api/register-company', undefined, body);
    expect(ok.statusCode).toBe(201);
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.id, ok.json().user_id));
    expect(user?.mail).toBe(body.mail);
    const login = await loginAs(ctx.app, body.mail, body.password);
    expect(login.token_info.roles).toEqual([roleName]);
    // free_credits: the new company starts with them, booked as its first ledger entry.
    const history = await call('GET', `/api/credit-history/${ok.json().company_id}`, adminToken);
    expect(history.json()).toMatchObject({
      total: 1,
      data: [{ amount: 25, credit_type: 'free', reason: 'registration_bonus', balance_after: 25, created_by: null }],
    });
    expect((await call('GET', `/api/get-credits?company_id=${ok.json().company_id}`, adminToken)).json()).toEqual({
      company_id: ok.json().company_id,
      balances: { free: 25, paid: 0 },
      total: 25,
    });
  });
});

describe('registration configuration', () => {
  it('answers 403 without backoffice-global-configuration, 400 for bad input', async () => {
    const valid = {
      role_id: null,
      free_credits: 0,
      captcha_enabled: true,
      vat_required_countries: [],
      allowed_countries: [],
    };
    const reseller = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const token = (await loginAs(ctx.app, reseller.mail)).token;
    expect((await call('GET', '/api/registration-configuration', token)).statusCode).toBe(403);
    expect((await call('POST', '/api/save-registration-configuration', token, valid)).statusCode).toBe(403);
    const bad = await call('POST', '/api/save-registration-configuration', adminToken, {
      ...valid,
      free_credits: -1,
      allowed_countries: ['Germany'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['free_credits']));
    const unknownRole = await call('POST', '/api/save-registration-configuration', adminToken, {
      ...valid,
      role_id: randomUUID(),
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().errors.role_id).toEqual(['The role was not found']);
  });
});

describe('registration role', () => {
  const settings = (role_id: string | null) => ({
    role_id,
    free_credits: 0,
    captcha_enabled: false,
    vat_required_countries: [],
    allowed_countries: [],
  });
  const roleNamed = async (name: string) => (await ctx.deps.db.select().from(roles).where(eq(roles.name, name)))[0]!;

  it('refuses a role not flagged "can register" with a field error and keeps the saved configuration', async () => {
    const registrable = await registrableRole();
    expect(
      (await call('POST', '/api/save-registration-configuration', adminToken, settings(registrable.id))).statusCode,
    ).toBe(200);
    const salesPartner = await roleNamed('sales-partner');
    expect(salesPartner.canRegister).toBe(false);
    const refused = await call('POST', '/api/save-registration-configuration', adminToken, settings(salesPartner.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.role_id).toEqual([
      'This role cannot be given on registration: it is not flagged "can register"',
    ]);
    expect((await call('GET', '/api/registration-configuration', adminToken)).json().role_id).toBe(registrable.id);
  });

  it('gives the automatic roles once the chosen role loses "can register", and answers it as unset', async () => {
    const [chain] = await ctx.deps.db
      .insert(roles)
      .values({ name: `clinic-chain-${randomUUID().slice(0, 8)}`, title: 'Clinic chain', canRegister: true })
      .returning();
    const saved = await call('POST', '/api/save-registration-configuration', adminToken, settings(chain!.id));
    expect(saved.json().role_id).toBe(chain!.id);
    const first = registration({ vat_id: null });
    expect((await call('POST', '/api/register-company', undefined, first)).statusCode).toBe(201);
    expect((await loginAs(ctx.app, first.mail, first.password)).token_info.roles).toEqual([chain!.name]);

    await ctx.deps.db.update(roles).set({ canRegister: false }).where(eq(roles.id, chain!.id));
    expect((await call('GET', '/api/registration-configuration', adminToken)).json().role_id).toBeNull();
    const second = registration({ vat_id: null });
    expect((await call('POST', '/api/register-company', undefined, second)).statusCode).toBe(201);
    expect((await loginAs(ctx.app, second.mail, second.password)).token_info.roles).toEqual(['end-user']);
  });
});

describe('CAPTCHA_TEST_MODE', () => {
  it('accepts the fixed answer on a real, unspent captcha only when the flag is on', async () => {
    const body = registration();
    const captcha = (await call('GET', '/api/captcha/api')).json();
    const off = await call('POST', '/api/register-company', undefined, {
      ...body,
      captcha_id: captcha.id,
      captcha_answer: CAPTCHA_TEST_ANSWER,
    });
    expect(off.statusCode).toBe(400);

    const testApp = await createTestApp({ CAPTCHA_TEST_MODE: 'true' });
    try {
      const testMode = requestsTo(testApp.app);
      const fresh = (await testMode.get('/api/captcha/api')).json();
      const on = await testMode.post('/api/register-company', {
        ...body,
        captcha_id: fresh.id,
        captcha_answer: CAPTCHA_TEST_ANSWER,
      });
      expect(on.statusCode).toBe(201);
      const noCaptcha = await testMode.post(
        '/api/register-company',
        registration({ captcha_answer: CAPTCHA_TEST_ANSWER }),
      );
      expect(noCaptcha.statusCode).toBe(400);
    } finally {
      await testApp.close();
    }
  });
});

const outboxFor = (to: string) => ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('registration welcome mail language', () => {
  it('stores the contact language on the first user and sends the welcome mail in it', async () => {
    const body = registration({ ...(await knownCaptcha()), contact_language: 'de' });
    const response = await call('POST', '/api/register-company', undefined, body);
    expect(response.statusCode).toBe(201);
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.id, response.json().user_id));
    expect(user?.contactLanguage).toBe('de');
    const [row] = await outboxFor(body.mail);
    expect(row).toMatchObject({ event: 'registration.welcome', language: 'de', status: 'queued' });
    await deliverMail(ctx.deps, row!.id);
    const [delivered] = await outboxFor(body.mail);
    expect(delivered?.subject).toBe('Willkommen bei Cuspid');
  });

  it('defaults to English and refuses an unknown language code', async () => {
    const bad = await call('POST', '/api/register-company', undefined, registration({ contact_language: 'xx' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.contact_language).toBeDefined();
    const body = registration(await knownCaptcha());
    expect((await call('POST', '/api/register-company', undefined, body)).statusCode).toBe(201);
    const [row] = await outboxFor(body.mail);
    expect(row?.language).toBe('en');
  });
});

describe('POST /api/send-register-mail', () => {
  it('answers 401 without a session, before validation', async () => {
    expect((await call('POST', '/api/send-register-mail', undefined, {})).statusCode).toBe(401);
  });

  it('answers 403 without backoffice-company', async () => {
    const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const { token } = await loginAs(ctx.app, user.mail);
    const response = await call('POST', '/api/send-register-mail', token, { user_id: user.id });
    expect(response.statusCode).toBe(403);
    expect(await outboxFor(user.mail)).toHaveLength(0);
  });

  it('answers 400 without a valid user id', async () => {
    expect((await call('POST', '/api/send-register-mail', adminToken, {})).statusCode).toBe(400);
    expect((await call('POST', '/api/send-register-mail', adminToken, { user_id: 'nope' })).statusCode).toBe(400);
  });

  it("answers 404 for another company's user, an unknown and a deleted user, and sends nothing", async () => {
    const partner = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const { token } = await loginAs(ctx.app, partner.mail);
    const stranger = await createTestUser(ctx.deps);
    const other = await call('POST', '/api/send-register-mail', token, { user_id: stranger.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('NOT_FOUND');
    expect(await outboxFor(stranger.mail)).toHaveLength(0);
    const unknown = await call('POST', '/api/send-register-mail', adminToken, { user_id: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const gone = await createTestUser(ctx.deps);
    await ctx.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await call('POST', '/api/send-register-mail', adminToken, { user_id: gone.id })).statusCode).toBe(404);
    expect(await outboxFor(gone.mail)).toHaveLength(0);
  });

  it("sends the welcome mail in the user's contact language to a user in the caller's scope", async () => {
    const partner = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const { token } = await loginAs(ctx.app, partner.mail);
    const colleague = await createTestUser(ctx.deps, { companyId: partner.companyId });
    await ctx.deps.db.update(users).set({ contactLanguage: 'fr' }).where(eq(users.id, colleague.id));
    const response = await call('POST', '/api/send-register-mail', token, { user_id: colleague.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The registration mail was sent');
    const rows = await outboxFor(colleague.mail);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: 'registration.welcome',
      language: 'fr',
      status: 'queued',
      companyId: partner.companyId,
    });
    // The back office may send it to anyone; a second call sends a second mail.
    expect((await call('POST', '/api/send-register-mail', adminToken, { user_id: colleague.id })).statusCode).toBe(200);
    expect(await outboxFor(colleague.mail)).toHaveLength(2);
  });
});
