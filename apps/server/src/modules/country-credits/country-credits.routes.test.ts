import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestMethod as Method,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { countryCredits } from './country-credits.schema';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);

/**
 * A country code no other test file uses (X + a letter, kept free of rows before the test), so that a shared
 * PostgreSQL database's other test files cannot change its tooth costs meanwhile.
 */
async function freeCountry(): Promise<string> {
  const country = `X${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`;
  await ctx.deps.db.delete(countryCredits).where(eq(countryCredits.country, country));
  return country;
}

/** A practice in a country, and a user of it holding backoffice-credit (the end-user role). */
async function practiceIn(country: string) {
  const company = (
    await call('POST', '/api/companies', adminToken, { company_name: `Practice ${randomUUID().slice(0, 6)}`, country })
  ).json();
  const user = await createTestUser(ctx.deps, { roles: ['end-user'], companyId: company.id });
  return { company, token: (await loginAs(ctx.app, user.mail)).token };
}

describe('country credits and credit settings', () => {
  it('answer 403 without the permission', async () => {
    const id = randomUUID();
    const managing: [Method, string, unknown?][] = [
      ['GET', '/api/country-credits'],
      ['POST', '/api/country-credits', {}],
      ['GET', `/api/country-credits/${id}`],
      ['PUT', `/api/country-credits/${id}`, {}],
      ['DELETE', `/api/country-credits/${id}`],
      ['PUT', '/api/credit-settings', {}],
    ];
    const practice = await practiceIn('DE');
    for (const [method, url, body] of managing) {
      expect((await call(method, url, practice.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Reading the settings and pricing a case is open to backoffice-credit, not to a user without it.
    expect((await call('GET', '/api/credit-settings', practice.token)).statusCode).toBe(200);
    const bare = await createTestUser(ctx.deps);
    const bareToken = (await loginAs(ctx.app, bare.mail)).token;
    expect((await call('GET', '/api/credit-settings', bareToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/case-price', bareToken, { upper_teeth: [11], lower_teeth: [] })).statusCode).toBe(
      403,
    );
  });

  it('answer 400 with the field messages', async () => {
    const bad = await call('POST', '/api/country-credits', adminToken, {
      country: 'Deutschland',
      upper_tooth_credits: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      country: ['Choose a country'],
      upper_tooth_credits: ['A tooth cannot cost less than 0 credits'],
      lower_tooth_credits: ['This field is required'],
    });
    const factor = await call('PUT', '/api/credit-settings', adminToken, { recalculation_factor: 10.5 });
    expect(factor.statusCode).toBe(400);
    expect(factor.json().errors.recalculation_factor).toEqual(['Enter a factor from 0 to 10']);
    const decimals = await call('PUT', '/api/credit-settings', adminToken, { recalculation_factor: 1.255 });
    expect(decimals.json().errors.recalculation_factor).toEqual(['The factor has at most 2 decimals']);
    const noTeeth = await call('POST', '/api/case-price', adminToken, { upper_teeth: [], lower_teeth: [] });
    expect(noTeeth.statusCode).toBe(400);
    expect(noTeeth.json().errors.upper_teeth).toEqual(['Choose at least one tooth']);
    const wrongJaw = await call('POST', '/api/case-price', adminToken, { upper_teeth: [31], lower_teeth: [11] });
    expect(wrongJaw.json().errors).toMatchObject({
      'upper_teeth.0': ['Not an upper jaw tooth (FDI 11–18, 21–28)'],
      'lower_teeth.0': ['Not a lower jaw tooth (FDI 31–38, 41–48)'],
    });
  });

  it('keep one row per country, changed and deleted with an audit entry each', async () => {
    const country = await freeCountry();
    const created = await call('POST', '/api/country-credits', adminToken, {
      country: country.toLowerCase(),
      upper_tooth_credits: 3,
      lower_tooth_credits: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ country, upper_tooth_credits: 3, lower_tooth_credits: 2 });
    expect((await call('GET', `/api/country-credits/${row.id}`, adminToken)).json()).toEqual(row);

    const duplicate = await call('POST', '/api/country-credits', adminToken, {
      country,
      upper_tooth_credits: 1,
      lower_tooth_credits: 1,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'COUNTRY_CREDIT_TAKEN',
      errors: { country: [`The tooth costs of ${country} are already set`] },
    });

    const listed = await call('GET', `/api/country-credits?country=${country}`, adminToken);
    expect(listed.json()).toMatchObject({ total: 1, data: [{ id: row.id }] });
    expect((await call('GET', `/api/country-credits?search=${country}`, adminToken)).json().data).toHaveLength(1);

    const changed = await call('PUT', `/api/country-credits/${row.id}`, adminToken, { lower_tooth_credits: 4 });
    expect(changed.json()).toMatchObject({ upper_tooth_credits: 3, lower_tooth_credits: 4 });
    expect((await call('DELETE', `/api/country-credits/${row.id}`, adminToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/country-credits/${row.id}`, adminToken)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/country-credits/${row.id}`, adminToken, { lower_tooth_credits: 1 })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/country-credits/${row.id}`, adminToken)).statusCode).toBe(404);

    const trail = await ctx.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'country-credit'), eq(auditLog.entityId, row.id)));
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('answer one of two requests at once for the same country with 409', async () => {
    const country = await freeCountry();
    const answers = await Promise.all(
      [1, 2].map((n) =>
        call('POST', '/api/country-credits', adminToken, { country, upper_tooth_credits: n, lower_tooth_credits: n }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    await ctx.deps.db.delete(countryCredits).where(eq(countryCredits.country, country));
  });

  it('price a case by the country row or the defaults, a recalculation by the factor rounded up', async () => {
    const settings = await call('PUT', '/api/credit-settings', adminToken, {
      recalculation_factor: 1.5,
      default_upper_tooth_credits: 1,
      default_lower_tooth_credits: 1,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({
      recalculation_factor: 1.5,
      default_upper_tooth_credits: 1,
      default_lower_tooth_credits: 1,
    });
    const [settingsAudit] = await ctx.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'credit-settings'));
    expect(settingsAudit?.action).toBe('update');

    const priced = await freeCountry();
    let unpriced = await freeCountry();
    while (unpriced === priced) unpriced = await freeCountry();
    await call('POST', '/api/country-credits', adminToken, {
      country: priced,
      upper_tooth_credits: 3,
      lower_tooth_credits: 2,
    });
    const inPriced = await practiceIn(priced);
    const inUnpriced = await practiceIn(unpriced);
    const teeth = { upper_teeth: [11, 21, 11], lower_teeth: [31, 32, 33] };

    const withRow = await call('POST', '/api/case-price', inPriced.token, teeth);
    expect(withRow.statusCode, withRow.body).toBe(200);
    expect(withRow.json()).toEqual({
      credits: 2 * 3 + 3 * 2,
      upper_tooth_credits: 3,
      lower_tooth_credits: 2,
      teeth: { upper: [11, 21], lower: [31, 32, 33] },
      recalculation: false,
      recalculation_factor: 1.5,
      country: priced,
      source: 'country',
    });
    const withoutRow = await call('POST', '/api/case-price', inUnpriced.token, teeth);
    expect(withoutRow.json()).toMatchObject({ credits: 5, country: unpriced, source: 'default' });
    // 5 credits × 1.5 = 7.5: a recalculation costs 8.
    const recalculated = await call('POST', '/api/case-price', inUnpriced.token, { ...teeth, recalculation: true });
    expect(recalculated.json()).toMatchObject({ credits: 8, recalculation: true });
    expect(
      (await call('POST', '/api/case-price', inPriced.token, { ...teeth, recalculation: true })).json().credits,
    ).toBe(18);

    // Staff price for a company or a country; a practice cannot price for another company.
    expect(
      (await call('POST', '/api/case-price', adminToken, { ...teeth, company_id: inPriced.company.id })).json().credits,
    ).toBe(12);
    expect((await call('POST', '/api/case-price', adminToken, { ...teeth, country: priced })).json().credits).toBe(12);
    expect(
      (await call('POST', '/api/case-price', inUnpriced.token, { ...teeth, company_id: inPriced.company.id }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/credit-settings', inPriced.token)).json().recalculation_factor).toBe(1.5);
  });
});
