import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Invoice, InvoiceListItem } from '@cuspid/contracts/invoices';
import type { PurchaseResult } from '@cuspid/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCompanies } from '../../../test/fixtures';
import { giveOperatorBankAccount } from '../../../test/operator-bank-account';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { type StripeDouble, startStripeDouble } from '../../../test/stripe-double';

// A dental practice reads its own company's issued invoices and credit notes through the payment history's
// permission (ADR 0118): list, one invoice, its PDF; never a draft, never another company's, no staff action.

let ctx: TestContext;
let stripe: StripeDouble;
let adminToken: string;
beforeAll(async () => {
  stripe = await startStripeDouble();
  ctx = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_customer_invoices',
    STRIPE_WEBHOOK_SECRET: 'whsec_customer_invoices',
    STRIPE_API_URL: stripe.url,
  });
  await giveOperatorBankAccount(ctx.deps);
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const { call, get, post } = requestsTo(() => ctx.app);
const patch = (url: string, body: unknown, token: string) => call('PATCH', url, token, body);

const company = () => testCompanies(() => ctx.deps.db)({ name: 'Praxis' });

const tokenOf = async (companyId: string, roles = ['end-user']) =>
  (await loginAs(ctx.app, (await createTestUser(ctx.deps, { companyId, roles })).mail)).token;

async function draft(companyId: string): Promise<Invoice> {
  const created = await post(
    '/api/invoices',
    { company_id: companyId, lines: [{ name: 'Design credits', quantity: 1, unit_price: 5_000, tax_rate: 1900 }] },
    adminToken,
  );
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

async function issued(companyId: string): Promise<Invoice> {
  const invoice = await draft(companyId);
  const moved = await patch(`/api/update-invoice-status/${invoice.id}`, { status: 'open' }, adminToken);
  expect(moved.statusCode, moved.body).toBe(200);
  return moved.json();
}

/** A practice that bought a package by bank transfer: its open invoice, a draft staff prepare, a cancelled one. */
async function practiceWithInvoices() {
  const practice = await company();
  const token = await tokenOf(practice.id);
  const pkg = await post(
    '/api/packages',
    { name: `Pack ${randomUUID().slice(0, 6)}`, credits: 20, price_cents: 10_000, credit_type: 'paid' },
    adminToken,
  );
  expect(pkg.statusCode, pkg.body).toBe(201);
  const bought = await post('/api/buy-credits', { package_id: pkg.json().id, payment_method: 'bank-transfer' }, token);
  expect(bought.statusCode, bought.body).toBe(201);
  const purchase = bought.json() as PurchaseResult;
  const preparing = await draft(practice.id);
  const cancelled = await issued(practice.id);
  const cancel = await patch(`/api/update-invoice-status/${cancelled.id}`, { status: 'cancelled' }, adminToken);
  expect(cancel.statusCode, cancel.body).toBe(200);
  return { practice, token, bought: purchase.invoice, preparing, cancelled: cancel.json() as Invoice };
}

describe('a practice reads its invoices', () => {
  it('lists its issued invoices and credit notes, no draft and nothing of another company, in the list shape', async () => {
    const { token, bought, preparing, cancelled } = await practiceWithInvoices();
    const stranger = await issued((await company()).id);

    const response = await get('/api/invoices?per_page=50', token);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as { data: InvoiceListItem[]; total: number };
    expect(Object.keys(list).sort()).toEqual(['data', 'total']);
    const ids = list.data.map((i) => i.id);
    expect(ids).toContain(bought.id);
    expect(ids).toContain(cancelled.id);
    expect(ids).toContain(cancelled.credit_note_id);
    expect(ids).not.toContain(preparing.id);
    expect(ids).not.toContain(stranger.id);
    expect(list.total).toBe(3);
    expect(list.data.find((i) => i.id === bought.id)).toMatchObject({
      number: bought.number,
      status: 'open',
      due_date: bought.due_date,
      total: bought.total,
    });
    expect(list.data.find((i) => i.id === cancelled.credit_note_id)?.type).toBe('credit-note');

    // Filters and paging work as for the back office; asking for drafts finds none.
    const open = (await get('/api/invoices?status=open', token)).json();
    expect(open.data.map((i: InvoiceListItem) => i.id)).toEqual([bought.id]);
    expect((await get('/api/invoices?status=draft', token)).json()).toEqual({ data: [], total: 0 });
    const notes = (await get('/api/invoices?type=credit-note', token)).json();
    expect(notes.data.map((i: InvoiceListItem) => i.id)).toEqual([cancelled.credit_note_id]);
    const firstPage = (await get('/api/invoices?per_page=1&page=1', token)).json();
    expect(firstPage.data).toHaveLength(1);
    expect(firstPage.total).toBe(3);
    // Another company named in the filter shows nothing of it.
    const byStranger = (await get(`/api/invoices?company_id=${stranger.company_id}`, token)).json();
    expect(byStranger).toEqual({ data: [], total: 0 });
  });

  it('opens its own issued invoice and its PDF; a draft or another company’s invoice is not found', async () => {
    const { practice, token, bought, preparing } = await practiceWithInvoices();
    const stranger = await issued((await company()).id);

    const one = await get(`/api/invoices/${bought.id}`, token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: bought.id, number: bought.number, company_id: practice.id });

    const pdf = await get(`/api/invoices/${bought.id}/pdf`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${bought.number}.pdf"`);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
    expect(text).toContain(`Invoice ${bought.number}`);

    for (const id of [stranger.id, preparing.id, randomUUID()]) {
      expect((await get(`/api/invoices/${id}`, token)).statusCode, id).toBe(404);
      expect((await get(`/api/invoices/${id}/pdf`, token)).statusCode, id).toBe(404);
    }
    // The operator's admin reaches both, so the 404s above are the practice's scope, not missing records.
    expect((await get(`/api/invoices/${stranger.id}`, adminToken)).statusCode).toBe(200);
    expect((await get(`/api/invoices/${preparing.id}/pdf`, adminToken)).statusCode).toBe(200);
  });

  it('changes nothing: every staff action stays 403 for it', async () => {
    const { token, bought, preparing } = await practiceWithInvoices();
    for (const [method, url, body] of [
      ['POST', '/api/invoices', { company_id: bought.company_id, lines: [] }],
      ['PUT', `/api/invoices/${preparing.id}`, { notes: 'mine now' }],
      ['DELETE', `/api/invoices/${preparing.id}`],
      ['PATCH', `/api/update-invoice-status/${bought.id}`, { status: 'paid' }],
      ['PATCH', `/api/update-invoice-status/${preparing.id}`, { status: 'open' }],
      ['PATCH', `/api/invoices/${bought.id}/dunning`, { paused: true }],
      ['GET', '/api/invoices/download/csv'],
      ['GET', '/api/invoices/download/latest-csv'],
      ['POST', '/api/payments/bank-import'],
    ] as const) {
      expect((await call(method, url, token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get(`/api/invoices/${bought.id}`, adminToken)).json()).toMatchObject({
      status: 'open',
      dunning_paused: false,
    });
  });

  it('answers 400 for a bad query or id', async () => {
    const { token } = await practiceWithInvoices();
    for (const url of [
      '/api/invoices?status=overdue',
      '/api/invoices?type=receipt',
      '/api/invoices?per_page=0',
      '/api/invoices?from=yesterday',
      '/api/invoices?company_id=nope',
      '/api/invoices/nope',
      '/api/invoices/nope/pdf',
    ]) {
      expect((await get(url, token)).statusCode, url).toBe(400);
    }
  });

  it('may pay its own open invoice by card where card payment is set up, and says so on the invoice', async () => {
    const { practice, token, bought, cancelled } = await practiceWithInvoices();
    expect((await get(`/api/invoices/${bought.id}`, token)).json().card_payment).toBe(true);
    // Not a cancelled invoice, not a credit note; staff reading it do not pay it.
    expect((await get(`/api/invoices/${cancelled.id}`, token)).json().card_payment).toBe(false);
    expect((await get(`/api/invoices/${cancelled.credit_note_id}`, token)).json().card_payment).toBe(false);
    expect((await get(`/api/invoices/${bought.id}`, adminToken)).json().card_payment).toBe(false);
    // A reader who may not buy credits does not pay either.
    const role = await post(
      '/auth/create-role',
      { name: `reader-${randomUUID().slice(0, 6)}`, title: 'Reader', permissions: ['backoffice-payment-history'] },
      adminToken,
    );
    expect(role.statusCode, role.body).toBeLessThan(300);
    const reader = await tokenOf(practice.id, [role.json().data?.name ?? role.json().name]);
    const read = await get(`/api/invoices/${bought.id}`, reader);
    expect(read.statusCode).toBe(200);
    expect(read.json().card_payment).toBe(false);
    // The checkout it offers opens for the practice.
    const checkout = await post(`/api/invoices/${bought.id}/checkout`, {}, token);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json().checkout_url).toMatch(/^https?:\/\//);
  });
});
