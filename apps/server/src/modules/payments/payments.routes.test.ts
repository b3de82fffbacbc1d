import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { BankImportResult, PurchaseResult } from '@cuspid/contracts/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/docx';
import { type TestCompanyValues, testCompanies } from '../../../test/fixtures';
import { giveOperatorBankAccount } from '../../../test/operator-bank-account';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { readBalances } from '../credits';
import { creditLedger } from '../credits/credits.schema';
import { markInvoicePaid } from '../invoices/invoices.tables';
import { parseAmount, readBankStatement } from './payments.bank-statement';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  // No Stripe settings: bank transfer is the only method here.
  ctx = await createTestApp();
  await giveOperatorBankAccount(ctx.deps);
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { call, post, get } = requestsTo(() => ctx.app);

const company = (values: TestCompanyValues = {}) => testCompanies(() => ctx.deps.db)({ name: 'Lab', ...values });

const userOf = async (companyId: string, roles = ['end-user']) =>
  (await loginAs(ctx.app, (await createTestUser(ctx.deps, { companyId, roles })).mail)).token;

async function packageOf(credits: number, price: number) {
  const created = await post(
    '/api/packages',
    { name: `Pack ${randomUUID().slice(0, 6)}`, credits, price_cents: price, credit_type: 'paid' },
    adminToken,
  );
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

/** A purchase by a company's user: an issued invoice awaiting its bank transfer. */
async function buy(token: string, packageId: string): Promise<PurchaseResult> {
  const bought = await post('/api/buy-credits', { package_id: packageId }, token);
  expect(bought.statusCode, bought.body).toBe(201);
  return bought.json();
}

function importStatement(csv: string | Buffer, token: string) {
  const body = multipart([{ name: 'file', fileName: 'statement.csv', content: Buffer.from(csv) }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/bank-import',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
    remoteAddress: randomAddress(),
  });
}

describe('reading bank statements', () => {
  it('reads amounts as banks write them', () => {
    expect(
      [
        '1.234,56',
        '1,234.56',
        '-12,00',
        '12.5',
        '€ 99,00',
        '1 190,00 EUR',
        '(5.00)',
        '7',
        '1.234',
        'abc',
        '',
        '12,3,4',
      ].map(parseAmount),
    ).toEqual([123_456, 123_456, -1_200, 1_250, 9_900, 119_000, -500, 700, 123_400, null, null, null]);
  });

  it('finds the columns by their names in several languages, and the invoice numbers in the purpose', () => {
    const csv =
      'Buchungstag;Betrag (EUR);Währung;Verwendungszweck;Auftraggeber\n27.11.2026;1.190,00;EUR;RE 2026-000007 und 2026-000008;Dr. Zahn\n';
    const [line] = readBankStatement(Buffer.from(csv), '{YYYY}-{NNNNNN}');
    expect(line).toMatchObject({
      line: 2,
      amountCents: 119_000,
      currency: 'EUR',
      payer: 'Dr. Zahn',
      numbers: ['2026-000007', '2026-000008'],
    });
    expect(line!.reference).toMatch(/^line:/);
  });
});

describe('payments: guards', () => {
  it('answers 400, 403 and keeps other companies’ payments out of sight', async () => {
    for (const url of ['/api/get-payment-history', '/api/get-payment-history-pdf']) {
      expect((await get(`${url}?status=lost`, adminToken)).statusCode).toBe(400);
      expect((await get(`${url}?from=0000-01-01`, adminToken)).statusCode).toBe(400);
    }
    const lab = await company();
    expect((await get('/api/get-payment-history', await userOf(lab.id, []))).statusCode).toBe(403);
    // A payment of one company is not in another's history, even when asked for by company.
    const paid = await buy(await userOf(lab.id), await packageOf(5, 1_000));
    await call('PATCH', `/api/update-invoice-status/${paid.invoice.id}`, adminToken, { status: 'paid' });
    const stranger = await userOf((await company()).id);
    expect((await get('/api/get-payment-history', stranger)).json()).toEqual({ data: [], total: 0 });
    expect((await get(`/api/get-payment-history?company_id=${lab.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/get-payment-history-pdf?company_id=${lab.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/get-payment-history?invoice_id=${paid.invoice.id}`, adminToken)).json().total).toBe(1);

    expect((await importStatement('Amount;Purpose\n1;x\n', await userOf(lab.id))).statusCode).toBe(403);
    // A partner holding backoffice-invoice reads invoices and records no payment.
    const role = await call('POST', '/auth/create-role', adminToken, {
      name: `bank-partner-${randomUUID().slice(0, 6)}`,
      title: 'Bank partner',
      permissions: ['backoffice-invoice'],
    });
    const partner = await userOf(lab.id, [(role.json().data?.name ?? role.json().name) as string]);
    expect((await importStatement('Amount;Purpose\n1;x\n', partner)).statusCode).toBe(403);
  });

  it('refuses a card checkout where card payment is not set up', async () => {
    const lab = await company();
    const token = await userOf(lab.id);
    const packageId = await packageOf(5, 1_000);
    const refused = await post('/api/buy-credits', { package_id: packageId, payment_method: 'stripe' }, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    const bought = await buy(token, packageId);
    const checkout = await post(`/api/invoices/${bought.invoice.id}/checkout`, {}, token);
    expect(checkout.statusCode).toBe(409);
    expect((await post('/api/payments/stripe/webhook', { id: 'evt_1' })).statusCode).toBe(409);
    expect((await post('/api/buy-credits/quote', { package_id: packageId }, token)).json().payment_methods).toEqual([
      'bank-transfer',
    ]);
  });
});

describe('bank statement import', () => {
  it('pays the invoices its lines name, part-pays, skips what it cannot match, and books credits once when imported twice', async () => {
    const lab = await company();
    const token = await userOf(lab.id);
    const full = await buy(token, await packageOf(40, 10_000)); // 119,00 € with 19 % VAT
    const part = await buy(token, await packageOf(10, 5_000)); // 59,50 €
    const a = await buy(token, await packageOf(1, 1_000)); // 11,90 €
    const b = await buy(token, await packageOf(2, 2_000)); // 23,80 €
    expect([full, part, a, b].map((p) => p.invoice.total)).toEqual([11_900, 5_950, 1_190, 2_380]);
    const csv = [
      'Buchungstag;Betrag;Verwendungszweck;Auftraggeber;Transaktions-ID',
      `27.11.2026;119,00;Rechnung ${full.invoice.number};${lab.companyName};T-${randomUUID()}`,
      `27.11.2026;20,00;Teilzahlung ${part.invoice.number};${lab.companyName};T-${randomUUID()}`,
      `27.11.2026;35,70;${a.invoice.number} + ${b.invoice.number};${lab.companyName};T-${randomUUID()}`,
      `27.11.2026;50,00;Spende ohne Nummer;Jemand;T-${randomUUID()}`,
      `27.11.2026;-12,00;Gebühr ${full.invoice.number};Bank;T-${randomUUID()}`,
      `27.11.2026;10,00;Rechnung 1999-999999;Jemand;T-${randomUUID()}`,
    ].join('\r\n');
    const first = await importStatement(csv, adminToken);
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json() as BankImportResult;
    expect(result.results.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'paid'],
      [3, 'partial'],
      [4, 'paid'],
      [5, 'unmatched'],
      [6, 'ignored'],
      [7, 'unmatched'],
    ]);
    expect(result.counts).toMatchObject({ paid: 2, partial: 1, unmatched: 2, ignored: 1, duplicate: 0 });
    expect((await readBalances(ctx.deps.db, lab.id)).paid).toBe(43);
    const status = async (id: string) => (await get(`/api/invoices/${id}`, adminToken)).json().status;
    expect(await status(full.invoice.id)).toBe('paid');
    expect(await status(part.invoice.id)).toBe('open');
    expect(await status(a.invoice.id)).toBe('paid');
    expect(await status(b.invoice.id)).toBe('paid');

    // The same statement again: nothing recorded twice, no credits twice.
    const again = (await importStatement(csv, adminToken)).json() as BankImportResult;
    expect(again.counts).toMatchObject({ duplicate: 3, paid: 0, partial: 0 });
    expect((await readBalances(ctx.deps.db, lab.id)).paid).toBe(43);
    const purchases = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.companyId, lab.id), eq(creditLedger.reason, 'purchase')));
    expect(purchases).toHaveLength(3);

    // The rest of the part-paid invoice settles it; the bank transfer instructions asked for the rest.
    const rest = `Date,Amount,Purpose\n2026-11-28,39.50,"Rest ${part.invoice.number}"\n`;
    expect((await importStatement(rest, adminToken)).json().counts.paid).toBe(1);
    expect(await status(part.invoice.id)).toBe('paid');
    expect((await readBalances(ctx.deps.db, lab.id)).paid).toBe(53);
    const history = (
      await get(`/api/get-payment-history?invoice_id=${part.invoice.id}&sort_by=amount&sort_dir=asc`, token)
    ).json();
    expect(history.data.map((p: { amount: number }) => p.amount)).toEqual([2_000, 3_950]);
  });

  it('answers duplicate for a statement imported several times at once, and records its payments once', async () => {
    const lab = await company();
    const token = await userOf(lab.id);
    const full = await buy(token, await packageOf(7, 1_000)); // 11,90 €
    const part = await buy(token, await packageOf(3, 2_000)); // 23,80 €
    const a = await buy(token, await packageOf(1, 1_000)); // 11,90 €
    const b = await buy(token, await packageOf(2, 2_000)); // 23,80 €
    // With and without the bank's transaction id, paying in full, in part, and two invoices split.
    const csv = [
      'Date;Amount;Purpose;Transaction ID',
      `2026-11-27;11,90;Invoice ${full.invoice.number};T-${randomUUID()}`,
      `2026-11-27;10,00;Invoice ${part.invoice.number};`,
      `2026-11-27;35,70;${a.invoice.number} ${b.invoice.number};`,
    ].join('\n');
    const imports = await Promise.all(Array.from({ length: 5 }, () => importStatement(csv, adminToken)));
    expect(imports.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    // Per line, whichever import came first recorded it; every other one found it recorded.
    const outcomesOf = (line: number) =>
      imports.map((r) => (r.json() as BankImportResult).results.find((l) => l.line === line)!.outcome).sort();
    expect([2, 3, 4].map(outcomesOf)).toEqual(
      ['paid', 'partial', 'paid'].map((first) => [...Array(4).fill('duplicate'), first].sort()),
    );
    const recorded = await get(`/api/get-payment-history?company_id=${lab.id}`, adminToken);
    expect(recorded.json().total).toBe(4);
    expect((await readBalances(ctx.deps.db, lab.id)).paid).toBe(10);
  });

  it('answers 400 with the reason for a file it cannot read', async () => {
    for (const [csv, reason] of [
      ['Date;Purpose\n2026-11-27;x\n', 'no amount column'],
      ['Date;Amount\n2026-11-27;1,00\n', 'no purpose column'],
      [Buffer.from([0x41, 0x00, 0x42]), 'NUL'],
    ] as const) {
      const refused = await importStatement(csv, adminToken);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('BANK_STATEMENT_UNREADABLE');
      expect(refused.json().message).toMatch(new RegExp(reason, 'i'));
    }
    const empty = await importStatement('', adminToken);
    expect(empty.statusCode).toBe(400);
  });
});

describe('markInvoicePaid', () => {
  it('marks an open invoice paid, and refuses one the invoice transitions do not let be paid, writing nothing', async () => {
    const lab = await company();
    const { invoice } = await buy(await userOf(lab.id), await packageOf(1, 1_000));
    const paidAt = new Date('2026-11-27T10:00:00Z');
    await markInvoicePaid(ctx.deps.db, invoice.id, paidAt);
    const read = async () => (await get(`/api/invoices/${invoice.id}`, adminToken)).json();
    expect(await read()).toMatchObject({ status: 'paid' });
    const before = await read();
    await expect(markInvoicePaid(ctx.deps.db, invoice.id, new Date())).rejects.toMatchObject({
      code: 'INVOICE_STATUS_REFUSED',
    });
    expect(await read()).toEqual(before);
  });
});

describe('payment history PDF', () => {
  it('lists the filtered payments with their sums', async () => {
    const lab = await company({ companyName: `Histogram Lab ${randomUUID().slice(0, 4)}` });
    const token = await userOf(lab.id);
    const bought = await buy(token, await packageOf(3, 2_500));
    await call('PATCH', `/api/update-invoice-status/${bought.invoice.id}`, adminToken, { status: 'paid' });
    const response = await get(`/api/get-payment-history-pdf?company_id=${lab.id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="payment-history-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload }).toString();
    expect(text).toContain('Payment history');
    expect(text).toContain(bought.invoice.number!);
    expect(text).toContain(lab.companyName);
    expect(text).toContain('€29.75');
    expect(text).toContain('Total paid: €29.75');
  });
});
