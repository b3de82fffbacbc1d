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
import { creditPackages } from './packages.schema';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);
/** A name of its own, so that lists on a shared database find only this test's packages. */
const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

async function createPackage(fields: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/packages', adminToken, {
    name: unique('Package'),
    credits: 10,
    price_cents: 9_900,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A practice in a country, and a user of it holding backoffice-credit (the end-user role). */
async function practiceIn(country: string) {
  const company = (
    await call('POST', '/api/companies', adminToken, { company_name: unique('Practice'), country })
  ).json();
  const user = await createTestUser(ctx.deps, { roles: ['end-user'], companyId: company.id });
  return { company, token: (await loginAs(ctx.app, user.mail)).token };
}

describe('credit packages', () => {
  it('answer 403 without backoffice-package', async () => {
    const id = randomUUID();
    const requests: [Method, string, unknown?][] = [
      ['GET', '/api/packages'],
      ['POST', '/api/packages', {}],
      ['GET', `/api/packages/${id}`],
      ['PUT', `/api/packages/${id}`, {}],
      ['DELETE', `/api/packages/${id}`],
      ['GET', '/api/country-packages'],
      ['POST', '/api/country-packages', {}],
      ['GET', `/api/country-packages/${id}`],
      ['PUT', `/api/country-packages/${id}`, {}],
      ['DELETE', `/api/country-packages/${id}`],
    ];
    // A practice holds backoffice-credit, a reseller too: neither manages packages.
    const { token } = await practiceIn('DE');
    for (const [method, url, body] of requests) {
      expect((await call(method, url, token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const bare = await createTestUser(ctx.deps);
    const bareToken = (await loginAs(ctx.app, bare.mail)).token;
    expect((await call('GET', '/api/available-packages', bareToken)).statusCode).toBe(403);
  });

  it('answer 400 with the field messages', async () => {
    const empty = await call('POST', '/api/packages', adminToken, { name: ' ', credits: 0, price_cents: -1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      name: ['The Name field is required'],
      credits: ['A package holds at least 1 credit'],
      price_cents: ['The price cannot be negative'],
    });
    const currency = await call('POST', '/api/packages', adminToken, {
      name: 'X',
      credits: 1,
      price_cents: 1,
      currency: 'EURO',
      credit_type: 'gift',
    });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().errors.currency).toEqual(['Enter a currency code of 3 letters (e.g. EUR)']);
    expect(currency.json().errors.credit_type).toHaveLength(1);
    expect((await call('PUT', `/api/packages/${randomUUID()}`, adminToken, { credits: 1.5 })).statusCode).toBe(400);
    expect((await call('GET', '/api/packages?sort_by=colour', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/packages/nope', adminToken)).statusCode).toBe(400);
  });

  it('are created with defaults, read, listed, changed and marked deleted, each change audited', async () => {
    const created = await call('POST', '/api/packages', adminToken, {
      name: unique('Starter'),
      description: 'Ten credits to start with',
      credits: 10,
      price_cents: 9_900,
      currency: 'eur',
    });
    expect(created.statusCode).toBe(201);
    const pkg = created.json();
    expect(pkg).toMatchObject({
      credits: 10,
      price_cents: 9_900,
      currency: 'EUR',
      credit_type: 'paid',
      active: true,
      sort_order: 0,
      description: 'Ten credits to start with',
    });
    expect((await call('GET', `/api/packages/${pkg.id}`, adminToken)).json()).toEqual(pkg);

    const changed = await call('PUT', `/api/packages/${pkg.id}`, adminToken, { price_cents: 8_900, active: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ price_cents: 8_900, active: false, credits: 10, name: pkg.name });

    const deleted = await call('DELETE', `/api/packages/${pkg.id}`, adminToken);
    expect(deleted.json()).toEqual({ message: 'The package was deleted' });
    expect((await call('GET', `/api/packages/${pkg.id}`, adminToken)).statusCode).toBe(404);
    expect((await call('PUT', `/api/packages/${pkg.id}`, adminToken, { name: 'Again' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/packages/${pkg.id}`, adminToken)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/packages?search=${encodeURIComponent(pkg.name)}`, adminToken)).json(),
    ).toMatchObject({ total: 0, data: [] });
    // Kept for the ledger and invoices: marked, not removed.
    const [kept] = await ctx.deps.db.select().from(creditPackages).where(eq(creditPackages.id, pkg.id));
    expect(kept?.deletedAt).toBeInstanceOf(Date);

    const trail = await ctx.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'package'), eq(auditLog.entityId, pkg.id)));
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('page, search, filter and sort on the server', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await createPackage({ name: `${tag} Large`, credits: 100, price_cents: 50_000, sort_order: 2 });
    const b = await createPackage({ name: `${tag} Small`, credits: 5, price_cents: 3_000, sort_order: 1 });
    const c = await createPackage({
      name: `${tag} Gift`,
      credits: 3,
      price_cents: 0,
      sort_order: 3,
      credit_type: 'free',
      active: false,
    });
    const list = async (query: string) => {
      const response = await call('GET', `/api/packages?search=${tag}&${query}`, adminToken);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { id: string }[]; total: number };
    };
    expect((await list('')).data.map((p) => p.id)).toEqual([b.id, a.id, c.id]);
    expect((await list('sort_by=price_cents&sort_dir=desc')).data.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
    expect((await list('sort_by=credits')).data.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect((await list('sort_by=name')).data.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    expect((await list('active=false')).data.map((p) => p.id)).toEqual([c.id]);
    expect((await list('active=true&credit_type=paid')).data.map((p) => p.id)).toEqual([b.id, a.id]);
    expect((await list('credit_type=free')).data.map((p) => p.id)).toEqual([c.id]);
    const page = await list('per_page=2&page=2');
    expect(page).toMatchObject({ total: 3, data: [{ id: c.id }] });
  });
});

describe('country packages', () => {
  it('price a package per country, once per country, and go with a deleted package', async () => {
    const pkg = await createPackage();
    const created = await call('POST', '/api/country-packages', adminToken, {
      package_id: pkg.id,
      country: 'ch',
      price_cents: 10_500,
      currency: 'CHF',
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ package_id: pkg.id, package_name: pkg.name, country: 'CH', available: true });

    const duplicate = await call('POST', '/api/country-packages', adminToken, {
      package_id: pkg.id,
      country: 'CH',
      price_cents: 1,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'COUNTRY_PACKAGE_TAKEN',
      message: 'This package already has a price for CH',
      errors: { country: ['This package already has a price for CH'] },
    });
    const other = (
      await call('POST', '/api/country-packages', adminToken, { package_id: pkg.id, country: 'AT', price_cents: 9_000 })
    ).json();
    const moved = await call('PUT', `/api/country-packages/${other.id}`, adminToken, { country: 'CH' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors.country).toEqual(['This package already has a price for CH']);
    const hidden = await call('PUT', `/api/country-packages/${other.id}`, adminToken, { available: false });
    expect(hidden.json()).toMatchObject({ country: 'AT', available: false, price_cents: 9_000 });

    const unknown = await call('POST', '/api/country-packages', adminToken, {
      package_id: randomUUID(),
      country: 'DE',
      price_cents: 1,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.package_id).toEqual(['The package was not found']);
    const bad = await call('POST', '/api/country-packages', adminToken, { package_id: pkg.id, country: 'Germany' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ country: ['Choose a country'], price_cents: ['This field is required'] });

    const listed = await call('GET', `/api/country-packages?package_id=${pkg.id}`, adminToken);
    expect(listed.json()).toMatchObject({ total: 2, data: [{ country: 'AT' }, { country: 'CH' }] });
    expect(
      (await call('GET', `/api/country-packages?package_id=${pkg.id}&country=ch`, adminToken)).json().data,
    ).toHaveLength(1);

    expect((await call('DELETE', `/api/country-packages/${row.id}`, adminToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/country-packages/${row.id}`, adminToken)).statusCode).toBe(404);
    await call('DELETE', `/api/packages/${pkg.id}`, adminToken);
    expect((await call('GET', `/api/country-packages/${other.id}`, adminToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/country-packages?package_id=${pkg.id}`, adminToken)).json().total).toBe(0);
    expect(
      (await call('POST', '/api/country-packages', adminToken, { package_id: pkg.id, country: 'FR', price_cents: 1 }))
        .statusCode,
    ).toBe(400);
  });

  it('answer one of two requests at once for the same package and country with 409', async () => {
    const pkg = await createPackage();
    const answers = await Promise.all(
      [1, 2].map((n) =>
        call('POST', '/api/country-packages', adminToken, { package_id: pkg.id, country: 'NL', price_cents: n }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /available-packages', () => {
  it("offers the active packages at the country's price, the default price elsewhere, and hides what a country hides", async () => {
    const tag = randomUUID().slice(0, 8);
    const priced = await createPackage({ name: `${tag} priced`, price_cents: 10_000, sort_order: -1000 });
    const hidden = await createPackage({ name: `${tag} hidden`, price_cents: 5_000, sort_order: -999 });
    const inactive = await createPackage({ name: `${tag} inactive`, active: false, sort_order: -1001 });
    await call('POST', '/api/country-packages', adminToken, {
      package_id: priced.id,
      country: 'DE',
      price_cents: 8_500,
    });
    await call('POST', '/api/country-packages', adminToken, {
      package_id: hidden.id,
      country: 'DE',
      price_cents: 4_000,
      available: false,
    });

    const german = await practiceIn('DE');
    const french = await practiceIn('FR');
    const mine = (token: string, query = '') =>
      call('GET', `/api/available-packages${query}`, token).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        const body = r.json();
        return { ...body, data: body.data.filter((p: { name: string }) => p.name.startsWith(tag)) };
      });

    const inGermany = await mine(german.token);
    expect(inGermany).toMatchObject({ company_id: german.company.id, country: 'DE' });
    expect(inGermany.data).toEqual([
      expect.objectContaining({ id: priced.id, price_cents: 8_500, currency: 'EUR', price_source: 'country' }),
    ]);
    const inFrance = await mine(french.token);
    expect(
      inFrance.data.map((p: { id: string; price_cents: number; price_source: string }) => [
        p.id,
        p.price_cents,
        p.price_source,
      ]),
    ).toEqual([
      [priced.id, 10_000, 'default'],
      [hidden.id, 5_000, 'default'],
    ]);
    expect(inFrance.data.some((p: { id: string }) => p.id === inactive.id)).toBe(false);

    // Staff ask for a company; a practice cannot ask for another one.
    expect((await mine(adminToken, `?company_id=${german.company.id}`)).data).toHaveLength(1);
    expect(
      (await call('GET', `/api/available-packages?company_id=${german.company.id}`, french.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/available-packages?company_id=${randomUUID()}`, adminToken)).statusCode).toBe(404);
  });
});
