import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { companies } from './companies.schema';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

/** The export's lines as cells (header first). */
const csvRows = (body: string): string[][] => parse(body, { bom: true });

const { call } = requestsTo(() => ctx.app);

/** A company (created by the back office) with one user of the given role in it. */
async function companyWithUser(role: string, fields: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/companies', adminToken, {
    company_name: `Co ${Math.random()}`,
    country: 'DE',
    ...fields,
  });
  expect(created.statusCode).toBe(201);
  const company = created.json();
  const user = await createTestUser(ctx.deps, { roles: [role], companyId: company.id });
  const { token } = await loginAs(ctx.app, user.mail);
  return { company, token, user };
}

describe('companies CRUD', () => {
  it('answers 401 without a session, before validation', async () => {
    expect((await call('GET', '/api/companies')).statusCode).toBe(401);
    expect((await call('POST', '/api/companies', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/companies/not-a-uuid')).statusCode).toBe(401);
    expect((await call('PUT', `/api/companies/${crypto.randomUUID()}`, undefined, {})).statusCode).toBe(401);
    expect((await call('DELETE', `/api/companies/${crypto.randomUUID()}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/get-reseller-partner')).statusCode).toBe(401);
    expect((await call('GET', '/api/get-partner-companies')).statusCode).toBe(401);
    expect((await call('POST', '/api/save-company-owners', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/my-company')).statusCode).toBe(401);
    expect((await call('GET', '/api/companies/download/csv')).statusCode).toBe(401);
  });

  it('answers 403 without backoffice-company', async () => {
    const { token, company } = await companyWithUser('end-user');
    expect((await call('GET', '/api/companies', token)).statusCode).toBe(403);
    expect((await call('POST', '/api/companies', token, {})).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/${company.id}`, token)).statusCode).toBe(403);
    expect((await call('PUT', `/api/companies/${company.id}`, token, {})).statusCode).toBe(403);
    expect((await call('DELETE', `/api/companies/${company.id}`, token)).statusCode).toBe(403);
    expect((await call('GET', '/api/get-reseller-partner', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/get-partner-companies', token)).statusCode).toBe(403);
    expect((await call('POST', '/api/save-company-owners', token, {})).statusCode).toBe(403);
    expect((await call('GET', '/api/companies/download/csv', token)).statusCode).toBe(403);
  });

  it('answers 400 with field messages for bad input', async () => {
    const response = await call('POST', '/api/companies', adminToken, {
      company_name: '',
      country: 'Germany',
      invoice_email_address: 'nope',
      bank_accounts: [{ iban: 'xx' }],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors.company_name).toEqual(['This field is required']);
    expect(body.errors.country).toBeDefined();
    expect(body.errors.invoice_email_address).toBeDefined();
    expect(Object.keys(body.errors).some((k) => k.startsWith('bank_accounts'))).toBe(true);
    expect((await call('GET', '/api/companies/not-a-uuid', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/companies?per_page=1000', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/companies/download/csv?country=Germany', adminToken)).statusCode).toBe(400);
    expect((await call('POST', '/api/save-company-owners', adminToken, { company_id: 'x' })).statusCode).toBe(400);
  });

  it('creates, reads, updates and deletes a company with every field and several bank accounts', async () => {
    const { company: partner } = await companyWithUser('reseller');
    const created = await call('POST', '/api/companies', adminToken, {
      company_name: 'Zahnarztpraxis Dr. Weiß',
      vat_id: 'DE136695976',
      country: 'de',
      address_line1: 'Hauptstraße 1',
      address_line2: '2. OG',
      city: 'Berlin',
      zip: '10115',
      invoice_email_address: 'Invoices@Praxis.example',
      warning_mail_address: 'warn@praxis.example',
      apply_reverse_charge: true,
      external_order_number: 'PO-77',
      contact_person: 'Dr. Weiß',
      reseller_id: partner.id,
      bank_accounts: [
        { iban: 'DE89 3704 0044 0532 0130 00', bank_name: 'Commerzbank', bic: 'COBADEFFXXX' },
        { iban: 'DE02120300000000202051', is_default: true },
      ],
    });
    expect(created.statusCode).toBe(201);
    const company = created.json();
    expect(company).toMatchObject({
      company_name: 'Zahnarztpraxis Dr. Weiß',
      country: 'DE',
      invoice_email_address: 'invoices@praxis.example',
      apply_reverse_charge: true,
      reseller: { id: partner.id, company_name: partner.company_name },
      sales_partner: null,
      has_logo: false,
    });
    expect(company.company_number).toMatch(/^\d+$/);
    expect(company.bank_accounts.map((a: { iban: string; is_default: boolean }) => [a.iban, a.is_default])).toEqual([
      ['DE89370400440532013000', false],
      ['DE02120300000000202051', true],
    ]);

    const read = await call('GET', `/api/companies/${company.id}`, adminToken);
    expect(read.json()).toEqual(company);

    // Unique per run: a PostgreSQL test database keeps the companies of earlier runs.
    const number = `K-${Math.random().toString(36).slice(2, 8)}`;
    const updated = await call('PUT', `/api/companies/${company.id}`, adminToken, {
      city: 'Potsdam',
      company_number: number,
      bank_accounts: [{ iban: 'DE02120300000000202051' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ city: 'Potsdam', company_number: number, zip: '10115' });
    expect(updated.json().bank_accounts).toHaveLength(1);
    expect(updated.json().bank_accounts[0].is_default).toBe(true);

    const other = await call('POST', '/api/companies', adminToken, {
      company_name: 'Other',
      country: 'FR',
      company_number: number,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().errors.company_number).toEqual(['This company number is already taken']);

    // The partner cannot be deleted while the company names it.
    expect((await call('DELETE', `/api/companies/${partner.id}`, adminToken)).statusCode).toBe(409);
    const deleted = await call('DELETE', `/api/companies/${company.id}`, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/companies/${company.id}`, adminToken)).statusCode).toBe(404);
    const [row] = await ctx.deps.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await call('DELETE', `/api/companies/${partner.id}`, adminToken)).statusCode).toBe(200);
  });

  it('lists with paging, sorting, search and the country and partner filters', async () => {
    const tag = `Listco${Date.now()}`;
    const { company: partner } = await companyWithUser('reseller', { company_name: `${tag} Partner`, country: 'AT' });
    for (const [name, country] of [
      ['A', 'FR'],
      ['B', 'FR'],
      ['C', 'IT'],
    ] as const) {
      await call('POST', '/api/companies', adminToken, {
        company_name: `${tag} ${name}`,
        country,
        reseller_id: partner.id,
      });
    }
    const page1 = await call(
      'GET',
      `/api/companies?search=${tag}&per_page=2&sort_by=company_name&sort_dir=desc`,
      adminToken,
    );
    expect(page1.json().total).toBe(4);
    expect(page1.json().data.map((c: { company_name: string }) => c.company_name)).toEqual([
      `${tag} Partner`,
      `${tag} C`,
    ]);
    const page2 = await call(
      'GET',
      `/api/companies?search=${tag}&per_page=2&page=2&sort_by=company_name&sort_dir=desc`,
      adminToken,
    );
    expect(page2.json().data.map((c: { company_name: string }) => c.company_name)).toEqual([`${tag} B`, `${tag} A`]);
    const french = await call('GET', `/api/companies?search=${tag}&country=fr`, adminToken);
    expect(french.json().total).toBe(2);
    const csv = await call(
      'GET',
      `/api/companies/download/csv?search=${tag}&country=FR&sort_by=company_name`,
      adminToken,
    );
    const rows = csvRows(csv.body).slice(1);
    expect(rows.map((row) => row[2])).toEqual([`${tag} A`, `${tag} B`]);
    const below = await call('GET', `/api/companies?partner_id=${partner.id}`, adminToken);
    expect(below.json().total).toBe(3);
    const children = await call('GET', `/api/get-partner-companies?partner_id=${partner.id}`, adminToken);
    expect(children.json().total).toBe(3);
    expect(children.json().data[0].relations).toEqual(['reseller']);
    const partners = await call('GET', `/api/get-reseller-partner?type=reseller&search=${tag}`, adminToken);
    expect(partners.json()).toMatchObject({ total: 1, data: [{ id: partner.id, types: ['reseller'] }] });
    expect(
      (await call('GET', `/api/get-reseller-partner?type=sales-partner&search=${tag}`, adminToken)).json().total,
    ).toBe(0);
  });

  it('filters by flag and by tag, shows the labels and exports them in the CSV', async () => {
    const tag = `flt${Math.random().toString(36).slice(2, 8)}`;
    const make = async (name: string) =>
      (await call('POST', '/api/companies', adminToken, { company_name: `${tag} ${name}`, country: 'DE' })).json();
    const [a, b, c] = [await make('A'), await make('B'), await make('C')];
    const definitions = await call('POST', '/api/create-flags', adminToken, {
      items: [
        { name: `${tag} Overdue`, kind: 'flag', colour: '#E03131' },
        { name: `${tag} VIP`, kind: 'tag', colour: '#7048E8' },
        { name: `${tag} Lab; partner`, kind: 'tag', colour: '#1098AD' },
      ],
    });
    expect(definitions.statusCode, definitions.body).toBe(201);
    const [overdue, vip, lab] = definitions.json().data;
    const label = async (body: Record<string, unknown>) =>
      expect((await call('POST', '/api/update-flags', adminToken, { type: 'company', ...body })).statusCode).toBe(200);
    await label({ ids: [a.id, b.id], flag_id: overdue.id, add_tag_ids: [vip.id] });
    await label({ ids: [a.id, c.id], add_tag_ids: [lab.id] });

    const names = (body: { data: { company_name: string }[] }) => body.data.map((x) => x.company_name);
    const flagged = await call('GET', `/api/companies?search=${tag}&flag_id=${overdue.id}`, adminToken);
    expect(flagged.statusCode).toBe(200);
    expect(names(flagged.json())).toEqual([`${tag} A`, `${tag} B`]);
    const tagged = (await call('GET', `/api/companies?search=${tag}&tag_id=${lab.id}`, adminToken)).json();
    expect(names(tagged)).toEqual([`${tag} A`, `${tag} C`]);
    const both = (
      await call('GET', `/api/companies?search=${tag}&flag_id=${overdue.id}&tag_id=${lab.id}`, adminToken)
    ).json();
    expect(both).toMatchObject({ total: 1, data: [{ id: a.id }] });
    // A tag id is not a flag: filtering by it as flag finds nothing.
    expect((await call('GET', `/api/companies?search=${tag}&flag_id=${vip.id}`, adminToken)).json().total).toBe(0);
    expect((await call('GET', '/api/companies?flag_id=nope', adminToken)).statusCode).toBe(400);

    expect(flagged.json().data[0]).toMatchObject({
      flag: { id: overdue.id, name: `${tag} Overdue`, colour: '#E03131' },
      tags: [
        { id: lab.id, name: `${tag} Lab; partner`, colour: '#1098AD' },
        { id: vip.id, name: `${tag} VIP`, colour: '#7048E8' },
      ],
    });
    expect((await call('GET', `/api/companies/${c.id}`, adminToken)).json()).toMatchObject({
      flag: null,
      tags: [{ id: lab.id }],
    });

    const csv = await call('GET', `/api/companies/download/csv?search=${tag}&tag_id=${vip.id}`, adminToken);
    expect(csv.statusCode).toBe(200);
    const [columns, ...rows] = csvRows(csv.body);
    expect(columns!.slice(-3)).toEqual(['flag', 'tags', 'created_at']);
    expect(rows).toHaveLength(2);
    const cells = rows[0]!;
    expect(cells[2]).toBe(`${tag} A`);
    expect(cells[columns!.indexOf('flag')]).toBe(`${tag} Overdue`);
    expect(cells[columns!.indexOf('tags')]).toBe(`${tag} Lab; partner; ${tag} VIP`);
  });

  it('refuses a reseller chain that loops and a company that is its own partner', async () => {
    const { company: top } = await companyWithUser('reseller');
    const child = (
      await call('POST', '/api/companies', adminToken, { company_name: 'Child', country: 'DE', reseller_id: top.id })
    ).json();
    const loop = await call('POST', '/api/save-company-owners', adminToken, {
      company_id: top.id,
      reseller_id: child.id,
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors.reseller_id).toEqual(['This reseller is below the company in the partner hierarchy']);
    const self = await call('PUT', `/api/companies/${child.id}`, adminToken, { sales_partner_id: child.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.sales_partner_id).toEqual(['A company cannot be its own partner']);
    const saved = await call('POST', '/api/save-company-owners', adminToken, {
      company_id: child.id,
      reseller_id: null,
      service_partner_id: top.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ reseller: null, service_partner: { id: top.id } });
  });

  it('moves the number sequence past a number the back office chose, so a later company never gets a taken one', async () => {
    const drawn = await call('POST', '/api/companies', adminToken, {
      company_name: 'Numbered by sequence',
      country: 'DE',
    });
    // A number the sequence would reach soon (a margin, so other test files drawing meanwhile do not take it).
    const chosenNumber = Number(drawn.json().company_number) + 5;
    const chosen = await call('POST', '/api/companies', adminToken, {
      company_name: `Chosen ${chosenNumber}`,
      country: 'DE',
      company_number: String(chosenNumber),
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    const later = await call('POST', '/api/companies', adminToken, { company_name: 'Drawn later', country: 'DE' });
    expect(later.statusCode, later.body).toBe(201);
    expect(Number(later.json().company_number)).toBeGreaterThan(chosenNumber);
  });

  it('shows every user its own company at /my-company', async () => {
    const { token, company } = await companyWithUser('end-user');
    const response = await call('GET', '/api/my-company', token);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(company.id);
  });
});

describe('partner hierarchy scope', () => {
  it('lets a reseller two levels up see and manage the company; a sibling reseller gets 404', async () => {
    const top = await companyWithUser('reseller');
    const middle = await companyWithUser('reseller', { reseller_id: top.company.id });
    const sibling = await companyWithUser('reseller', { reseller_id: top.company.id });
    const sales = await companyWithUser('sales-partner');
    const practice = (
      await call('POST', '/api/companies', middle.token, { company_name: 'Practice below middle', country: 'DE' })
    ).json();
    // A partner's new company is placed below it.
    expect(practice.reseller).toEqual({ id: middle.company.id, company_name: middle.company.company_name });
    await call('POST', '/api/save-company-owners', adminToken, {
      company_id: practice.id,
      sales_partner_id: sales.company.id,
    });

    const ids = async (token: string) =>
      (await call('GET', '/api/companies?per_page=100', token))
        .json()
        .data.map((c: { id: string }) => c.id)
        .sort();
    expect(await ids(top.token)).toEqual([top.company.id, middle.company.id, sibling.company.id, practice.id].sort());
    expect(await ids(middle.token)).toEqual([middle.company.id, practice.id].sort());
    expect(await ids(sibling.token)).toEqual([sibling.company.id]);
    expect(await ids(sales.token)).toEqual([sales.company.id, practice.id].sort());

    const csvIds = async (token: string) => {
      const response = await call('GET', '/api/companies/download/csv', token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = csvRows(response.body);
      expect(lines[0]!.slice(0, 5)).toEqual(['id', 'company_number', 'company_name', 'vat_id', 'country']);
      return lines
        .slice(1)
        .map((line) => line[0])
        .sort();
    };
    expect(await csvIds(top.token)).toEqual(await ids(top.token));
    expect(await csvIds(sibling.token)).toEqual([sibling.company.id]);

    expect((await call('GET', `/api/companies/${practice.id}`, top.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/companies/${practice.id}`, sibling.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/companies/${practice.id}`, sibling.token, { city: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/companies/${practice.id}`, sibling.token)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/get-partner-companies?partner_id=${middle.company.id}`, sibling.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/save-company-owners', sibling.token, { company_id: practice.id, reseller_id: null }))
        .statusCode,
    ).toBe(404);
    // A partner cannot hand a company to someone outside its reach, nor name a partner it cannot see.
    const away = await call('PUT', `/api/companies/${practice.id}`, middle.token, { reseller_id: sibling.company.id });
    expect(away.statusCode).toBe(400);
    expect(away.json().errors.reseller_id).toEqual(['The partner company was not found']);
    // Nor move its own company in the hierarchy.
    expect(
      (await call('PUT', `/api/companies/${middle.company.id}`, middle.token, { reseller_id: null })).statusCode,
    ).toBe(403);

    const updated = await call('PUT', `/api/companies/${practice.id}`, top.token, { city: 'Hamburg' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().city).toBe('Hamburg');
    expect((await call('DELETE', `/api/companies/${practice.id}`, top.token)).statusCode).toBe(200);
    expect(await ids(middle.token)).toEqual([middle.company.id]);
  });

  it('stops the users of a deleted company from acting', async () => {
    const { token, company } = await companyWithUser('reseller');
    expect((await call('DELETE', `/api/companies/${company.id}`, adminToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/my-company', token)).statusCode).toBe(419);
  });
});
