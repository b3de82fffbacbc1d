import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { EU_COUNTRY_CODES } from '@cuspid/contracts/companies';
import { type Invoice, REVERSE_CHARGE_NOTE } from '@cuspid/contracts/invoices';
import type { SearchItem } from '@cuspid/contracts/search';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor, testCompanies } from '../../../test/fixtures';
import { giveOperatorBankAccount } from '../../../test/operator-bank-account';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { type Database, openDatabase } from '../../db/client';
import { auditLog } from '../audit-log/audit-log.schema';
import { companies, companyBankAccounts } from '../companies/companies.schema';
import { mailTemplateAssignments } from '../mail-template-assignments/mail-template-assignments.schema';
import { mailTemplates } from '../mail-templates/mail-templates.schema';
import { mailOutbox } from '../sent-mails/sent-mails.schema';
import { findOperatorCompany } from '../users';
import { users } from '../users/users.schema';
import { invoices } from './invoices.schema';
import { changeInvoiceStatus, createInvoice } from './invoices.service';

let ctx: TestContext;
let adminToken: string;
let staffToken: string;
let operatorAccount: { iban: string; bic: string };
beforeAll(async () => {
  ctx = await createTestApp();
  operatorAccount = await giveOperatorBankAccount(ctx.deps);
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  staffToken = (await loginAs(ctx.app, (await createTestUser(ctx.deps, { roles: ['employee'], staff: true })).mail))
    .token;
});
afterAll(() => ctx?.close());

const { call, get, post, put } = requestsTo(() => ctx.app);
const patch = (url: string, body: unknown, token: string) => call('PATCH', url, token, body);
const del = (url: string, token: string) => call('DELETE', url, token);

const company = testCompanies(() => ctx.deps.db);

async function userOf(companyId: string, roles: string[]) {
  const user = await createTestUser(ctx.deps, { companyId, roles });
  return (await loginAs(ctx.app, user.mail)).token;
}

/** A role holding backoffice-invoice, for a partner: it reads its customers' invoices and changes none. */
async function invoiceRole() {
  const created = await call('POST', '/auth/create-role', adminToken, {
    name: `invoice-partner-${randomUUID().slice(0, 6)}`,
    title: 'Invoice partner',
    permissions: ['backoffice-invoice'],
  });
  expect(created.statusCode, created.body).toBeLessThan(300);
  return (created.json().data?.name ?? created.json().name) as string;
}

const line = (unit_price: number, quantity = 1, tax_rate = 1900) => ({
  name: `Credits package ${unit_price}`,
  article_number: 'PKG-1',
  quantity,
  unit_price,
  tax_rate,
});

async function draft(companyId: string, lines = [line(10_000)], token = adminToken): Promise<Invoice> {
  const response = await post('/api/invoices', { company_id: companyId, lines }, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('invoices: guards', () => {
  it('answers 403 without the permission and to a partner changing one', async () => {
    const customer = await company();
    const invoice = await draft(customer.id);
    for (const [method, url, body] of [
      ['POST', '/api/invoices', { company_id: customer.id }],
      ['PUT', `/api/invoices/${invoice.id}`, {}],
      ['DELETE', `/api/invoices/${invoice.id}`],
      ['PATCH', `/api/update-invoice-status/${invoice.id}`, { status: 'open' }],
    ] as const) {
      const practiceToken = await userOf(customer.id, ['end-user']);
      expect((await call(method, url, practiceToken, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Reading is open to a practice through the payment history's permission (ADR 0118), never to a role without it.
    const noBillingRole = await call('POST', '/auth/create-role', adminToken, {
      name: `no-billing-${randomUUID().slice(0, 6)}`,
      title: 'No billing',
      permissions: ['backoffice-ticket'],
    });
    const noBillingToken = await userOf(customer.id, [noBillingRole.json().data?.name ?? noBillingRole.json().name]);
    for (const url of ['/api/invoices', `/api/invoices/${invoice.id}`, `/api/invoices/${invoice.id}/pdf`]) {
      expect((await get(url, noBillingToken)).statusCode, url).toBe(403);
    }
    // A reseller holding backoffice-invoice reads its customer's invoices, and changes none.
    const reseller = await company({ companyName: `Reseller ${randomUUID().slice(0, 6)}` });
    const child = await company({ resellerId: reseller.id });
    const childInvoice = await draft(child.id);
    const partnerToken = await userOf(reseller.id, [await invoiceRole()]);
    expect((await get(`/api/invoices/${childInvoice.id}`, partnerToken)).statusCode).toBe(200);
    expect((await post('/api/invoices', { company_id: child.id, lines: [] }, partnerToken)).statusCode).toBe(403);
    expect((await put(`/api/invoices/${childInvoice.id}`, { notes: 'x' }, partnerToken)).statusCode).toBe(403);
    expect(
      (await patch(`/api/update-invoice-status/${childInvoice.id}`, { status: 'open' }, partnerToken)).statusCode,
    ).toBe(403);
    // Another company's invoice is not found, and not listed.
    const stranger = await company();
    const strangerInvoice = await draft(stranger.id);
    expect((await get(`/api/invoices/${strangerInvoice.id}`, partnerToken)).statusCode).toBe(404);
    const listed = (await get('/api/invoices?per_page=100', partnerToken)).json();
    expect(listed.data.map((i: Invoice) => i.id)).toEqual([childInvoice.id]);
    expect(listed.total).toBe(1);
    // Staff reach every company's; an unknown id is 404 for them too.
    expect((await get(`/api/invoices/${strangerInvoice.id}`, staffToken)).statusCode).toBe(200);
    expect((await get(`/api/invoices/${randomUUID()}`, staffToken)).statusCode).toBe(404);
  });

  it('answers 400 with the field errors for bad input, and 404 for a company that does not exist', async () => {
    const customer = await company();
    const bad = await post(
      '/api/invoices',
      { company_id: customer.id, lines: [{ name: '', quantity: 0, unit_price: 1.5, tax_rate: 10_001 }] },
      adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'lines.0.name': ['This field is required'],
      'lines.0.quantity': ['Enter a quantity from 1 to 10000'],
      'lines.0.unit_price': ['Enter a price in cents'],
      'lines.0.tax_rate': ['Enter a tax rate from 0 to 100 %'],
    });
    const unknown = await post('/api/invoices', { company_id: randomUUID(), lines: [] }, adminToken);
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/invoices?status=sent', adminToken)).statusCode).toBe(400);
    expect((await get('/api/invoices/not-an-id', adminToken)).statusCode).toBe(400);
    const invoice = await draft(customer.id);
    expect((await patch(`/api/update-invoice-status/${invoice.id}`, { status: 'sent' }, adminToken)).statusCode).toBe(
      400,
    );
  });
});

describe('invoices: drafts, issuing, payment and cancellation', () => {
  it('computes a draft from its lines, and again when they change; deletes a draft', async () => {
    const customer = await company();
    const invoice = await draft(customer.id, [line(4_999, 2), line(1_234, 1, 700)]);
    expect(invoice).toMatchObject({
      status: 'draft',
      type: 'invoice',
      number: null,
      net: 11_232,
      tax: 1_986,
      total: 13_218,
      taxes: [
        { tax_rate: 1900, net: 9_998, tax: 1_900 },
        { tax_rate: 700, net: 1_234, tax: 86 },
      ],
      billing_address: { company_name: customer.companyName, country: 'DE' },
      reverse_charge: false,
      reverse_charge_note: null,
    });
    expect(invoice.lines.map((l) => [l.position, l.net])).toEqual([
      [1, 9_998],
      [2, 1_234],
    ]);
    const changed = await put(`/api/invoices/${invoice.id}`, { lines: [line(50)], notes: 'Half a cent' }, adminToken);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ net: 50, tax: 10, total: 60, notes: 'Half a cent' });
    const [audit] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id)).limit(1);
    expect(audit?.entity).toBe('invoice');
    expect((await del(`/api/invoices/${invoice.id}`, staffToken)).statusCode).toBe(200);
    expect((await get(`/api/invoices/${invoice.id}`, adminToken)).statusCode).toBe(404);
  });

  it('issues a draft with the next number of the year and freezes it; an issued invoice is never edited', async () => {
    const customer = await company({ addressLine1: 'Old street 1', city: 'Berlin', zip: '10115' });
    const empty = await draft(customer.id, []);
    const refused = await patch(`/api/update-invoice-status/${empty.id}`, { status: 'open' }, adminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVOICE_EMPTY');

    const first = await draft(customer.id);
    const second = await draft(customer.id);
    const issued = (await patch(`/api/update-invoice-status/${first.id}`, { status: 'open' }, adminToken)).json();
    const next = (await patch(`/api/update-invoice-status/${second.id}`, { status: 'open' }, adminToken)).json();
    const year = new Date().getUTCFullYear();
    expect(issued.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(Number(next.number.slice(5))).toBeGreaterThan(Number(issued.number.slice(5)));
    const today = new Date().toISOString().slice(0, 10);
    expect(issued).toMatchObject({ status: 'open', invoice_date: today, total: 11_900 });
    expect(issued.due_date).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10),
    );

    // The address it was issued to stays; a draft shows the company's current one.
    await ctx.deps.db.update(companies).set({ addressLine1: 'New street 2' }).where(eq(companies.id, customer.id));
    expect((await get(`/api/invoices/${first.id}`, adminToken)).json().billing_address.address_line1).toBe(
      'Old street 1',
    );
    expect((await get(`/api/invoices/${empty.id}`, adminToken)).json().billing_address.address_line1).toBe(
      'New street 2',
    );
    for (const response of [
      await put(`/api/invoices/${first.id}`, { notes: 'edited' }, adminToken),
      await del(`/api/invoices/${first.id}`, adminToken),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('INVOICE_NOT_DRAFT');
    }
    const back = await patch(`/api/update-invoice-status/${first.id}`, { status: 'draft' }, adminToken);
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      code: 'INVOICE_STATUS_REFUSED',
      message: 'An invoice cannot go from open to draft',
      params: { from: 'open', to: 'draft' },
    });
  });

  it('marks an invoice paid, and cancels an issued one with a credit note of the same amounts negated', async () => {
    const customer = await company();
    const unpaid = await draft(customer.id, [line(50, 3)]);
    await patch(`/api/update-invoice-status/${unpaid.id}`, { status: 'open' }, adminToken);
    const cancelled = (
      await patch(`/api/update-invoice-status/${unpaid.id}`, { status: 'cancelled' }, adminToken)
    ).json();
    expect(cancelled).toMatchObject({ status: 'cancelled', credit_note_id: expect.any(String) });
    const note = (await get(`/api/invoices/${cancelled.credit_note_id}`, adminToken)).json();
    expect(note).toMatchObject({
      type: 'credit-note',
      // It settles the unpaid invoice at once.
      status: 'paid',
      cancels_invoice_id: unpaid.id,
      net: -150,
      tax: -29,
      total: -179,
      number: expect.stringMatching(/^\d{4}-\d{6}$/),
    });
    expect(note.lines[0]).toMatchObject({ quantity: -3, unit_price: 50, net: -150 });
    expect(cancelled.total).toBe(179);

    const paid = await draft(customer.id);
    await patch(`/api/update-invoice-status/${paid.id}`, { status: 'open' }, adminToken);
    expect((await patch(`/api/update-invoice-status/${paid.id}`, { status: 'paid' }, staffToken)).json()).toMatchObject(
      { status: 'paid', paid_at: expect.any(String) },
    );
    const refund = (await patch(`/api/update-invoice-status/${paid.id}`, { status: 'cancelled' }, adminToken)).json();
    // A paid invoice's credit note stays open until the refund is paid.
    expect((await get(`/api/invoices/${refund.credit_note_id}`, adminToken)).json().status).toBe('open');
    for (const status of ['open', 'paid', 'cancelled']) {
      const again = await patch(`/api/update-invoice-status/${paid.id}`, { status }, adminToken);
      expect(again.statusCode, status).toBe(409);
    }
    // A draft cannot be paid or cancelled.
    const fresh = await draft(customer.id);
    expect((await patch(`/api/update-invoice-status/${fresh.id}`, { status: 'paid' }, adminToken)).statusCode).toBe(
      409,
    );

    const list = await get(`/api/invoices?company_id=${customer.id}&type=credit-note`, adminToken);
    expect(
      list
        .json()
        .data.map((i: Invoice) => i.cancels_invoice_id)
        .sort(),
    ).toEqual([paid.id, unpaid.id].sort());
    const search = await get(`/api/invoices?search=${note.number}`, adminToken);
    expect(search.json().data.map((i: Invoice) => i.id)).toEqual([note.id]);
    const open = await get(`/api/invoices?company_id=${customer.id}&status=cancelled`, adminToken);
    expect(open.json().total).toBe(2);
  });

  it('invoices an EU business customer of another member state under the reverse charge', async () => {
    const seller = (await findOperatorCompany(ctx.deps.db))!;
    if (!seller.country) await ctx.deps.db.update(companies).set({ country: 'DE' }).where(eq(companies.id, seller.id));
    const sellerCountry = seller.country ?? 'DE';
    const other = EU_COUNTRY_CODES.find((c) => c !== sellerCountry)!;
    const business = await company({ country: other, vatId: `${other}123456789`, applyReverseCharge: true });
    const invoice = await draft(business.id, [line(10_000), line(1_000, 1, 700)]);
    expect(invoice).toMatchObject({
      reverse_charge: true,
      reverse_charge_note: REVERSE_CHARGE_NOTE,
      net: 11_000,
      tax: 0,
      total: 11_000,
    });
    const home = await company({ country: sellerCountry, vatId: 'X1', applyReverseCharge: true });
    expect((await draft(home.id, [line(10_000)])).tax).toBe(1_900);
  });
});

/** The invoice mails written for a company, oldest first. */
const invoiceMailsOf = (companyId: string) =>
  ctx.deps.db
    .select({ to: mailOutbox.to, language: mailOutbox.language, status: mailOutbox.status })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.event, 'invoice.issued')))
    .orderBy(mailOutbox.createdAt);

class Rollback extends Error {}

describe('issuing: where the invoice mail goes', () => {
  it('mails the invoice to the invoice address, else to the company’s owners, and says where it went', async () => {
    const billing = `billing-${randomUUID().slice(0, 6)}@test.cuspid.local`;
    const addressed = await company({ invoiceEmailAddress: billing, warningMailAddress: 'warn@test.cuspid.local' });
    const toAddress = await patch(
      `/api/update-invoice-status/${(await draft(addressed.id)).id}`,
      { status: 'open' },
      adminToken,
    );
    expect(toAddress.statusCode, toAddress.body).toBe(200);
    expect(toAddress.json().invoice_mail).toEqual({ recipients: 'invoice-address', to: [billing], not_sent: null });
    expect(await invoiceMailsOf(addressed.id)).toEqual([{ to: billing, language: 'en', status: expect.any(String) }]);

    // No address: its owners, the users who buy its credits, oldest first, each in their language; not a user
    // without that permission, not an inactive or deleted one.
    const practice = await company();
    const first = await createTestUser(ctx.deps, { companyId: practice.id, roles: ['end-user'] });
    await ctx.deps.db.update(users).set({ contactLanguage: 'de' }).where(eq(users.id, first.id));
    const second = await createTestUser(ctx.deps, { companyId: practice.id, roles: ['end-user'] });
    await createTestUser(ctx.deps, { companyId: practice.id, roles: [] });
    await createTestUser(ctx.deps, { companyId: practice.id, roles: ['end-user'], active: false });
    const gone = await createTestUser(ctx.deps, { companyId: practice.id, roles: ['end-user'] });
    await ctx.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const toOwners = await patch(
      `/api/update-invoice-status/${(await draft(practice.id)).id}`,
      { status: 'open' },
      adminToken,
    );
    expect(toOwners.statusCode, toOwners.body).toBe(200);
    expect(toOwners.json().invoice_mail).toEqual({
      recipients: 'owners',
      to: [first.mail, second.mail],
      not_sent: null,
    });
    expect((await invoiceMailsOf(practice.id)).map((m) => [m.to, m.language])).toEqual([
      [first.mail, 'de'],
      [second.mail, 'en'],
    ]);
    expect((await invoiceMailsOf(practice.id)).map((m) => m.status)).not.toContain('failed');
  });

  it('says that no mail was sent when the company has no address and no owner, and sends none', async () => {
    const nobody = await company();
    await createTestUser(ctx.deps, { companyId: nobody.id, roles: [] });
    const issued = await patch(
      `/api/update-invoice-status/${(await draft(nobody.id)).id}`,
      { status: 'open' },
      adminToken,
    );
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({
      status: 'open',
      invoice_mail: { recipients: null, to: [], not_sent: 'no-recipient' },
    });
    expect(await invoiceMailsOf(nobody.id)).toEqual([]);
  });

  it('says that no mail was sent when no mail template is set up for invoices', async () => {
    const billing = `billing-${randomUUID().slice(0, 6)}@test.cuspid.local`;
    const customer = await company({ invoiceEmailAddress: billing });
    const invoice = await draft(customer.id);
    const admin = await createTestAdmin(ctx.deps);
    const actor = testActor({ userId: admin.id, companyId: admin.companyId, roles: ['admin'], isStaff: true });
    // Rolled back at the end: the templates stay for the other tests (and test files, on a shared PostgreSQL).
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await tx.delete(mailTemplateAssignments).where(eq(mailTemplateAssignments.event, 'invoice.issued'));
        await tx.update(mailTemplates).set({ event: 'test.none' }).where(eq(mailTemplates.event, 'invoice.issued'));
        const issued = await changeInvoiceStatus({ ...ctx.deps, db: tx }, actor, invoice.id, 'open');
        expect(issued.invoice_mail).toEqual({ recipients: 'invoice-address', to: [], not_sent: 'no-template' });
        // The sent-mail viewer shows it as failed.
        const [mail] = await tx
          .select({ to: mailOutbox.to, status: mailOutbox.status })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.companyId, customer.id), eq(mailOutbox.event, 'invoice.issued')));
        expect(mail).toEqual({ to: billing, status: 'failed' });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});

describe('issuing: the operator’s bank account', () => {
  it('refuses to issue an invoice without the operator’s account with IBAN and BIC, and issues nothing', async () => {
    const customer = await company({ invoiceEmailAddress: 'billing@test.cuspid.local' });
    const invoice = await draft(customer.id);
    const before = await draft(customer.id);
    expect((await patch(`/api/update-invoice-status/${before.id}`, { status: 'open' }, adminToken)).statusCode).toBe(
      200,
    );
    const admin = await createTestAdmin(ctx.deps);
    const actor = testActor({ userId: admin.id, companyId: admin.companyId, roles: ['admin'], isStaff: true });
    const operator = (await findOperatorCompany(ctx.deps.db))!;
    // In a transaction rolled back at the end: on a shared PostgreSQL other test files keep the operator's account.
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        const deps = { ...ctx.deps, db: tx };
        const issue = () => changeInvoiceStatus(deps, actor, invoice.id, 'open');
        // An account without a BIC is not enough; no account at all neither.
        await tx.update(companyBankAccounts).set({ bic: null }).where(eq(companyBankAccounts.companyId, operator.id));
        await expect(issue()).rejects.toMatchObject({ code: 'OPERATOR_BANK_ACCOUNT_MISSING' });
        await tx.delete(companyBankAccounts).where(eq(companyBankAccounts.companyId, operator.id));
        await expect(issue()).rejects.toMatchObject({ code: 'OPERATOR_BANK_ACCOUNT_MISSING' });
        const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
        expect(row).toMatchObject({ status: 'draft', number: null, issuedAt: null });
        const mails = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.companyId, customer.id), eq(mailOutbox.event, 'invoice.issued')));
        expect(mails).toHaveLength(1);
        // A credit note is paid out by the operator: cancelling an invoice issued before needs no account.
        const cancelled = await changeInvoiceStatus(deps, actor, before.id, 'cancelled');
        expect(cancelled).toMatchObject({ status: 'cancelled', credit_note_id: expect.any(String) });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    // With the account, it is issued.
    const issued = await patch(`/api/update-invoice-status/${invoice.id}`, { status: 'open' }, adminToken);
    expect(issued.statusCode, issued.body).toBe(200);
  });
});

describe('invoices in the global search', () => {
  type Group = { area: string; items: SearchItem[] };
  const invoicesFound = async (term: string, token: string) => {
    const response = await get(`/api/search?q=${encodeURIComponent(term)}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().groups.find((g: Group) => g.area === 'invoices') as Group | undefined;
  };

  it("finds the caller's invoices by number or company name, never another company's", async () => {
    const tag = randomUUID().slice(0, 8);
    const mine = await company({ companyName: `Praxis ${tag} Nord` });
    const other = await company({ companyName: `Praxis ${tag} Süd` });
    const myDraft = await draft(mine.id);
    const otherDraft = await draft(other.id);
    const otherIssued = (
      await patch(`/api/update-invoice-status/${otherDraft.id}`, { status: 'open' }, adminToken)
    ).json() as Invoice;
    const practiceToken = await userOf(mine.id, ['end-user', await invoiceRole()]);

    // The practice finds its own invoice by its company's name, and not the other company's of the same name.
    const byName = await invoicesFound(tag, practiceToken);
    expect(byName?.items.map((i) => i.id)).toEqual([myDraft.id]);
    expect(byName?.items[0]).toMatchObject({
      title: 'Draft',
      subtitle: `${mine.companyName} · draft`,
      // The codes the web writes in the reader's language.
      details: [mine.companyName],
      kind: 'invoice',
      status: 'draft',
      untitled: true,
    });
    // Nor by the other company's invoice number.
    expect(await invoicesFound(otherIssued.number!, practiceToken)).toBeUndefined();

    // Staff find it by its number, and both by the name.
    const byNumber = await invoicesFound(otherIssued.number!, staffToken);
    expect(byNumber?.items[0]).toEqual({
      id: otherIssued.id,
      title: otherIssued.number,
      subtitle: `${other.companyName} · open`,
      details: [other.companyName],
      kind: 'invoice',
      status: 'open',
    });
    expect((await invoicesFound(tag, staffToken))?.items.map((i) => i.id).sort()).toEqual(
      [myDraft.id, otherIssued.id].sort(),
    );
    // Without backoffice-invoice there is no invoices group at all.
    expect(await invoicesFound(tag, await userOf(mine.id, ['end-user']))).toBeUndefined();
  });
});

describe('invoice PDFs', () => {
  it('writes the number, the lines, the tax and the totals into a PDF that pdftotext reads', async () => {
    const customer = await company({ addressLine1: 'Praxisweg 7', zip: '80331', city: 'München' });
    const invoice = await draft(customer.id, [
      { name: 'Crown design credits', article_number: 'CR-10', quantity: 2, unit_price: 4_999, tax_rate: 1900 },
      { name: 'Express handling', article_number: 'EX-1', quantity: 1, unit_price: 1_234, tax_rate: 700 },
    ]);
    const issued = (await patch(`/api/update-invoice-status/${invoice.id}`, { status: 'open' }, adminToken)).json();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${issued.number}.pdf"`);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload }).toString();
    for (const expected of [
      `Invoice ${issued.number}`,
      customer.companyName,
      'Praxisweg 7',
      '80331 München',
      'Crown design credits',
      'CR-10',
      'Express handling',
      '€49.99',
      '€99.98',
      'VAT 19.00 % on €99.98',
      '€19.00',
      'VAT 7.00 % on €12.34',
      '€0.86',
      '€132.18',
      `Due date: ${issued.due_date}`,
      `quoting ${issued.number}`,
      `IBAN ${operatorAccount.iban}`,
      `BIC ${operatorAccount.bic}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Another company's invoice has no PDF for a partner either; no session, no PDF.
    const stranger = await draft((await company()).id);
    const reseller = await company();
    const partnerToken = await userOf(reseller.id, [await invoiceRole()]);
    expect((await get(`/api/invoices/${stranger.id}/pdf`, partnerToken)).statusCode).toBe(404);
    const practiceToken = await userOf(customer.id, ['end-user']);
    // The practice downloads its own issued invoice (ADR 0118).
    expect((await get(`/api/invoices/${invoice.id}/pdf`, practiceToken)).statusCode).toBe(200);
    // Card payment is not set up here: its open invoice is not offered for card payment.
    expect((await get(`/api/invoices/${invoice.id}`, practiceToken)).json().card_payment).toBe(false);
    expect((await get('/api/invoices/nope/pdf', adminToken)).statusCode).toBe(400);
  });
});

describe('invoice CSV export', () => {
  it('streams every invoice of the filters once, oldest first, past its batches', async () => {
    const customer = await company();
    // 1,005 invoices in groups of ten sharing one creation time to the microsecond: the batches of 1,000 must
    // neither skip nor repeat one where a batch ends inside a group.
    await ctx.deps.db.execute(sql`
      insert into backend.invoices (company_id, notes, created_at)
      select ${customer.id}::uuid, 'csv ' || n, timestamptz '2026-01-01 00:00:00.000001+00' + (n / 10) * interval '1 microsecond'
      from generate_series(0, 1004) as n`);
    const issued = await draft(customer.id, [line(10_000)]);
    await patch(`/api/update-invoice-status/${issued.id}`, { status: 'open' }, adminToken);
    const response = await get(`/api/invoices/download/csv?company_id=${customer.id}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
    const rows = parse(response.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1_006);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1_006);
    expect(rows.map((r) => r.created_at)).toEqual([...rows.map((r) => r.created_at)].sort());
    expect(rows.at(-1)).toMatchObject({ id: issued.id, status: 'open', net: '100.00', tax: '19.00', total: '119.00' });
    const open = await get(`/api/invoices/download/csv?company_id=${customer.id}&status=open`, adminToken);
    expect(parse(open.body.replace(/^\uFEFF/, ''), { columns: true })).toHaveLength(1);
    // The partner's export holds only what it may see; without the permission or a session there is none.
    const reseller = await company();
    const child = await company({ resellerId: reseller.id });
    const childInvoice = await draft(child.id);
    const partnerToken = await userOf(reseller.id, [await invoiceRole()]);
    const partner = parse((await get('/api/invoices/download/csv', partnerToken)).body.replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[];
    expect(partner.map((r) => r.id)).toEqual([childInvoice.id]);
    expect((await get('/api/invoices/download/csv', await userOf(child.id, ['end-user']))).statusCode).toBe(403);
    expect((await get('/api/invoices/download/csv?status=sent', adminToken)).statusCode).toBe(400);
    // A year PostgreSQL has no date for is refused before the answer starts streaming.
    expect((await get('/api/invoices/download/csv?to=0000-01-01', adminToken)).statusCode).toBe(400);
  });
});

describe('invoice numbers under load', () => {
  let racers: Database | undefined;
  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    racers = url ? await openDatabase({ kind: 'postgres', url, poolSize: 32, connectTimeoutMs: 60_000 }) : undefined;
  });
  afterAll(() => racers?.close());

  it('gives 50 invoices issued at once 50 consecutive numbers, none twice and none skipped', async () => {
    const customer = await company();
    const admin = await createTestAdmin(ctx.deps);
    const actor = testActor({ userId: admin.id, companyId: admin.companyId, roles: ['admin'], isStaff: true });
    const deps = { ...ctx.deps, db: racers?.db ?? ctx.deps.db };
    const drafts = await Promise.all(
      Array.from({ length: 50 }, () =>
        createInvoice(deps, actor, { company_id: customer.id, lines: [line(100)], payment_term_days: 14, notes: null }),
      ),
    );
    // A year of its own, so that invoices issued by other test files at the same time take none of its numbers.
    const year = 2200 + Math.floor(Math.random() * 700);
    const now = new Date(Date.UTC(year, 5, 1));
    const issued = await Promise.all(drafts.map((d) => changeInvoiceStatus(deps, actor, d.id, 'open', now)));
    const sequences = issued.map((i) => Number(i.number!.slice(5))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(issued.every((i) => i.number!.startsWith(`${year}-`) && i.invoice_date === `${year}-06-01`)).toBe(true);
  });
});
