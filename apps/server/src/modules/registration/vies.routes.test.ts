import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, randomAddress, requestsTo, type TestContext, uniqueMail } from '../../../test/setup-app';
import { startViesDouble, type ViesDouble } from '../../../test/vies-double';
import { auditLog } from '../audit-log/audit-log.schema';
import { companies } from '../companies/companies.schema';
import { hashCaptchaAnswer } from './captcha';
import { insertCaptcha } from './registration.repository';

// The online VAT check against a local test double of the VIES REST service (ADR 0055).
const TIMEOUT_MS = 400;
let vies: ViesDouble;
let ctx: TestContext;
beforeAll(async () => {
  vies = await startViesDouble();
  ctx = await createTestApp({
    VIES_URL: vies.url,
    VIES_TIMEOUT_MS: String(TIMEOUT_MS),
    LOGIN_MAX_ATTEMPTS_PER_IP: '5',
  });
});
afterAll(async () => {
  await ctx?.close();
  await vies?.close();
});

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vies.requests.length = 0;
  warn = vi.spyOn(ctx.deps.logger, 'warn');
  return () => warn.mockRestore();
});

// Throttle counters outlive a run on a shared PostgreSQL: every call comes from an address of its own.
const { post } = requestsTo(() => ctx.app);
const check = async (vat_id: string, country?: string) => {
  const response = await post('/api/check-vat-id', { vat_id, ...(country ? { country } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function knownCaptcha(answer = 'k7Wp3') {
  const id = randomUUID();
  await insertCaptcha(ctx.deps.db, id, hashCaptchaAnswer(id, answer), new Date(Date.now() + 60_000));
  return { captcha_id: id, captcha_answer: answer };
}
const registration = async (extra: Record<string, unknown>) => ({
  company_name: 'Praxis am Park',
  country: 'DE',
  city: 'Berlin',
  mail: uniqueMail('vies'),
  password: 'Praxis#2026',
  ...(await knownCaptcha()),
  ...extra,
});
const companyCount = async () => (await ctx.deps.db.select({ id: companies.id }).from(companies)).length;

describe('POST /api/check-vat-id with VIES', () => {
  it('answers 400 without a VAT id and asks nobody', async () => {
    const response = await post('/api/check-vat-id', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.vat_id).toEqual(['This field is required']);
    expect(vies.requests).toEqual([]);
  });

  it('answers valid with the name and address VIES gives, asking with the number split from its prefix', async () => {
    vies.set('DE136695976', { valid: true, name: 'ACME Dental GmbH', address: 'Hauptstraße 1\n10115 Berlin\n' });
    expect(await check('de 136 695 976', 'DE')).toEqual({
      valid: true,
      name: 'ACME Dental GmbH',
      address: 'Hauptstraße 1, 10115 Berlin',
      checkedOnline: true,
    });
    expect(vies.requests).toEqual(['DE136695976']);
  });

  it('leaves out the name and address a member state withholds ("---")', async () => {
    vies.set('BE0411905847', { valid: true });
    expect(await check('BE0411905847')).toEqual({ valid: true, checkedOnline: true });
  });

  it('asks for Greek ids with the prefix EL, also when GR or no prefix was typed', async () => {
    vies.set('EL094014201', { valid: true, name: 'ΕΤΑΙΡΕΙΑ Α.Ε.' });
    expect(await check('GR094014201', 'GR')).toMatchObject({ valid: true, checkedOnline: true });
    expect(await check('094014201', 'GR')).toMatchObject({ valid: true, name: 'ΕΤΑΙΡΕΙΑ Α.Ε.' });
    expect(vies.requests).toEqual(['EL094014201']);
  });

  it('answers invalid when VIES does not know the id, and does not cache that', async () => {
    vies.set('DE129273398', { valid: false });
    expect(await check('DE129273398')).toEqual({ valid: false, checkedOnline: true });
    expect(await check('DE129273398')).toEqual({ valid: false, checkedOnline: true });
    expect(vies.requests).toEqual(['DE129273398', 'DE129273398']);
  });

  it('sends neither offline-invalid ids nor countries outside VIES', async () => {
    expect(await check('DE136695978')).toEqual({ valid: false, checkedOnline: false });
    expect(await check('DE136695976', 'FR')).toEqual({ valid: false, checkedOnline: false });
    expect(await check('CHE116281710')).toEqual({ valid: true, checkedOnline: false });
    expect(vies.requests).toEqual([]);
  });

  it('falls back to the offline answer, with a warning, when a member state is unavailable or VIES fails', async () => {
    vies.set('FR40303265045', { error: 'MS_UNAVAILABLE' });
    vies.set('IT00743110157', { error: 'SERVICE_UNAVAILABLE', status: 500 });
    vies.set('ESA28015865', { error: 'MS_MAX_CONCURRENT_REQ', status: 429 });
    expect(await check('FR40303265045')).toEqual({ valid: true, checkedOnline: false });
    expect(await check('IT00743110157')).toEqual({ valid: true, checkedOnline: false });
    expect(await check('ESA28015865')).toEqual({ valid: true, checkedOnline: false });
    expect(vies.requests).toEqual(['FR40303265045', 'IT00743110157', 'ESA28015865']);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith(
      { countryCode: 'FR', reason: 'MS_UNAVAILABLE' },
      'VIES did not answer; the offline VAT check stands',
    );
    // A failure is not cached: the next check asks again.
    vies.set('FR40303265045', { valid: true, name: 'Dentaire SA' });
    expect(await check('FR40303265045')).toEqual({ valid: true, name: 'Dentaire SA', checkedOnline: true });
  });

  it('falls back to the offline answer when VIES answers later than the timeout', async () => {
    vies.set('NL004495445B01', { delayMs: TIMEOUT_MS + 2000 });
    const started = Date.now();
    expect(await check('NL004495445B01')).toEqual({ valid: true, checkedOnline: false });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    expect(warn).toHaveBeenCalledWith(
      { countryCode: 'NL', reason: `no answer within ${TIMEOUT_MS} ms` },
      'VIES did not answer; the offline VAT check stands',
    );
  });

  it('reuses a valid answer from the cache without asking VIES again', async () => {
    vies.set('DK13585628', { valid: true, name: 'Tandklinik ApS', address: 'Nørregade 1, 1165 København' });
    const first = await check('DK13585628');
    vies.set('DK13585628', { error: 'MS_UNAVAILABLE' });
    expect(await check('dk 13 58 56 28')).toEqual(first);
    expect(first).toEqual({
      valid: true,
      name: 'Tandklinik ApS',
      address: 'Nørregade 1, 1165 København',
      checkedOnline: true,
    });
    expect(vies.requests).toEqual(['DK13585628']);
  });

  it('limits checks per IP (each may cost a VIES request)', async () => {
    vies.set('LU26375245', { valid: true });
    // Every call from one address: the limit counts them together.
    const fromOneAddress = { method: 'POST', url: '/api/check-vat-id', remoteAddress: randomAddress() } as const;
    for (let i = 0; i < 5; i += 1) {
      expect((await ctx.app.inject({ ...fromOneAddress, payload: { vat_id: 'LU26375245' } })).statusCode).toBe(200);
    }
    const limited = await ctx.app.inject({ ...fromOneAddress, payload: { vat_id: 'LU26375245' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
  });
});

describe('POST /api/register-company with VIES', () => {
  it('refuses a VAT id VIES does not know, with a field error, and creates nothing', async () => {
    vies.set('DE811569869', { valid: false });
    const before = await companyCount();
    const response = await post('/api/register-company', await registration({ vat_id: 'DE811569869' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.vat_id).toEqual(['The VAT id is not valid: VIES does not know it']);
    expect(await companyCount()).toBe(before);
  });

  it('registers with a VAT id VIES confirms, and records that it was checked online', async () => {
    vies.set('PL5260250274', { valid: true, name: 'Klinika Sp. z o.o.' });
    const body = await registration({ country: 'PL', city: 'Warszawa', vat_id: 'PL 526-025-02-74' });
    const response = await post('/api/register-company', body);
    expect(response.statusCode, response.body).toBe(201);
    const { company_id } = response.json();
    const [company] = await ctx.deps.db.select().from(companies).where(eq(companies.id, company_id));
    expect(company?.vatId).toBe('PL5260250274');
    const [entry] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, company_id));
    expect(entry?.changes.vat_checked_online).toEqual({ old: null, new: true });
    expect(vies.requests).toEqual(['PL5260250274']);
  });

  it('registers on the offline check when VIES is down or too slow', async () => {
    vies.set('IE6388047V', { error: 'MS_UNAVAILABLE' });
    const down = await post(
      '/api/register-company',
      await registration({ country: 'IE', city: 'Dublin', vat_id: 'IE6388047V' }),
    );
    expect(down.statusCode, down.body).toBe(201);
    vies.set('ATU13585627', { delayMs: TIMEOUT_MS + 2000 });
    const slow = await post(
      '/api/register-company',
      await registration({ country: 'AT', city: 'Wien', vat_id: 'ATU13585627' }),
    );
    expect(slow.statusCode, slow.body).toBe(201);
    const [entry] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, slow.json().company_id));
    expect(entry?.changes.vat_checked_online).toEqual({ old: null, new: false });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('still refuses an offline-invalid VAT id without asking VIES', async () => {
    const response = await post('/api/register-company', await registration({ vat_id: 'DE136695978' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.vat_id).toEqual(['The VAT id is not valid']);
    expect(vies.requests).toEqual([]);
  });
});
