import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { EU_COUNTRY_CODES } from '@cuspid/contracts/companies';
import type { PurchaseQuote, PurchaseResult } from '@cuspid/contracts/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestCompanyValues, testActor, testCompanies } from '../../../test/fixtures';
import { giveOperatorBankAccount } from '../../../test/operator-bank-account';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { type StripeDouble, startStripeDouble, stripeEvent, stripeSignature } from '../../../test/stripe-double';
import { companies, companyBankAccounts } from '../companies/companies.schema';
import { couponRedemptions } from '../coupons/coupons.schema';
import { readBalances } from '../credits';
import { creditLedger } from '../credits/credits.schema';
import { invoices } from '../invoices/invoices.schema';
import { invoicePdf } from '../invoices/invoices.service';
import { payments } from '../payments/payments.schema';
import { mailOutbox } from '../sent-mails/sent-mails.schema';
import { findOperatorCompany } from '../users';
import { purchase } from './purchases.service';

const WEBHOOK_SECRET = 'whsec_purchases_test_secret';
let ctx: TestContext;
let stripe: StripeDouble;
let adminToken: string;
let operatorAccount: { iban: string; bic: string };
beforeAll(async () => {
  stripe = await startStripeDouble();
  ctx = await createTestApp(
    { STRIPE_SECRET_KEY: 'sk_test_purchases', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
    { settings: { invoices: { tax_rate: 1900 } } },
  );
  operatorAccount = await giveOperatorBankAccount(ctx.deps);
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const { call, post, get } = requestsTo(() => ctx.app);
const patch = (url: string, body: unknown, token: string) => call('PATCH', url, token, body);

const company = (values: TestCompanyValues = {}) =>
  testCompanies(() => ctx.deps.db)({
    invoiceEmailAddress: `billing-${randomUUID().slice(0, 6)}@test.cuspid.local`,
    ...values,
  });

async function userOf(companyId: string, roles = ['end-user']) {
  return (await loginAs(ctx.app, (await createTestUser(ctx.deps, { companyId, roles })).mail)).token;
}

/** A package of `credits` at `price` cents, priced 8,000 cents in Austria and not sold in Italy. */
async function pkg(credits = 50, price = 10_000) {
  const created = await post(
    '/api/packages',
    { name: `Pack ${randomUUID().slice(0, 6)}`, credits, price_cents: price, credit_type: 'paid' },
    adminToken,
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (const [country, price_cents, available] of [
    ['AT', 8_000, true],
    ['IT', 9_000, false],
  ] as const) {
    const cp = await post('/api/country-packages', { package_id: id, country, price_cents, available }, adminToken);
    expect(cp.statusCode, cp.body).toBe(201);
  }
  return id;
}

async function coupon(values: Record<string, unknown>) {
  const code = `BUY${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await post('/api/coupon-codes', { code, ...values }, adminToken);
  expect(created.statusCode, created.body).toBe(201);
  return code;
}

const purchaseEntries = (invoiceId: string) =>
  ctx.deps.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.invoiceId, invoiceId), eq(creditLedger.reason, 'purchase')));

describe('buying credits: guards', () => {
  it('answers 400 for bad input, 403 without the permission or for another company', async () => {
    const practice = await company();
    const packageId = await pkg();
    for (const url of ['/api/buy-credits', '/api/buy-credits/quote']) {
      const token = await userOf(practice.id);
      const bad = await post(url, { package_id: 'not-an-id' }, token);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().errors.package_id).toBeDefined();
      // A user whose roles hold no credit permission.
      const bare = await userOf(practice.id, []);
      expect((await post(url, { package_id: packageId }, bare)).statusCode).toBe(403);
    }
    // A reseller sees its customer's packages but buys none for it.
    const reseller = await company();
    const customer = await company({ resellerId: reseller.id });
    const resellerToken = await userOf(reseller.id, ['reseller']);
    const refused = await post('/api/buy-credits', { package_id: packageId, company_id: customer.id }, resellerToken);
    expect(refused.statusCode, refused.body).toBe(403);
    // Another company, out of reach: not found, before anything else.
    const other = await company();
    const hidden = await post(
      '/api/buy-credits',
      { package_id: packageId, company_id: other.id },
      await userOf(practice.id),
    );
    expect(hidden.statusCode, hidden.body).toBe(404);
    const nothing = await ctx.deps.db.select().from(payments).where(eq(payments.companyId, other.id));
    expect(nothing).toEqual([]);
  });

  it('refuses a package not sold in the company’s country', async () => {
    const italian = await company({ country: 'IT' });
    const packageId = await pkg();
    const refused = await post('/api/buy-credits/quote', { package_id: packageId }, await userOf(italian.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PACKAGE_NOT_OFFERED', errors: { package_id: [expect.any(String)] } });
  });
});

describe('buying credits', () => {
  it('quotes the country price with a coupon, issues the invoice by bank transfer, and books the credits once when paid', async () => {
    const austrian = await company({ country: 'AT' });
    const token = await userOf(austrian.id);
    const packageId = await pkg(50);
    const code = await coupon({ kind: 'percent', percent_off: 10 });

    const quote = await post('/api/buy-credits/quote', { package_id: packageId, coupon_code: code }, token);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      price: 8_000,
      discount: 800,
      net: 7_200,
      tax_rate: 1900,
      tax: 1_368,
      total: 8_568,
      reverse_charge: false,
      payment_methods: ['bank-transfer', 'stripe'],
    } satisfies Partial<PurchaseQuote>);
    // The quote used nothing: the coupon's use is recorded by the purchase.
    const bought = await post('/api/buy-credits', { package_id: packageId, coupon_code: code }, token);
    expect(bought.statusCode, bought.body).toBe(201);
    const result = bought.json() as PurchaseResult;
    expect(result.invoice).toMatchObject({
      status: 'open',
      net: 7_200,
      tax: 1_368,
      total: 8_568,
      company_id: austrian.id,
    });
    expect(result.invoice.number).toMatch(/^\d{4}-\d{6}$/);
    expect(result.invoice.lines.map((l) => [l.name, l.net])).toEqual([
      [expect.stringContaining('50 paid credits'), 8_000],
      [`Coupon ${code}`, -800],
    ]);
    expect(result.bank_transfer).toMatchObject({
      iban: operatorAccount.iban,
      bic: operatorAccount.bic,
      reference: result.invoice.number,
      amount: 8_568,
      currency: 'EUR',
    });
    expect(result.checkout_url).toBeNull();
    // The coupon is used once per company: a second purchase with it is refused, and issues nothing.
    const again = await post('/api/buy-credits', { package_id: packageId, coupon_code: code }, token);
    expect(again.statusCode).toBe(409);
    expect((await readBalances(ctx.deps.db, austrian.id)).paid).toBe(0);

    // Staff mark it paid: the credits arrive, once.
    const paid = await patch(`/api/update-invoice-status/${result.invoice.id}`, { status: 'paid' }, adminToken);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await readBalances(ctx.deps.db, austrian.id)).paid).toBe(50);
    const twice = await patch(`/api/update-invoice-status/${result.invoice.id}`, { status: 'paid' }, adminToken);
    expect(twice.statusCode).toBe(409);
    expect(await purchaseEntries(result.invoice.id)).toHaveLength(1);
    expect((await readBalances(ctx.deps.db, austrian.id)).paid).toBe(50);

    // The company sees its payment; the invoice mail with its PDF went to the invoice address.
    const history = await get('/api/get-payment-history', token);
    expect(history.json()).toMatchObject({
      total: 1,
      data: [{ invoice_number: result.invoice.number, provider: 'bank-transfer', status: 'paid', amount: 8_568 }],
    });
    const mails = await call(
      'GET',
      `/mail/list-sent-mails?limit_start=0&limit_count=10&search=${austrian.invoiceEmailAddress}`,
      adminToken,
    );
    expect(mails.statusCode, mails.body).toBe(200);
    // The invoice mail with its PDF when issued, the receipt when paid.
    const events = (mails.json().data as { event: string | null }[]).map((m) => m.event);
    expect(events).toEqual(expect.arrayContaining(['invoice.issued', 'payment.received']));
  });

  it('charges no VAT under the reverse charge or outside the EU', async () => {
    const packageId = await pkg();
    const seller = (await findOperatorCompany(ctx.deps.db))!;
    if (!seller.country) await ctx.deps.db.update(companies).set({ country: 'DE' }).where(eq(companies.id, seller.id));
    const other = EU_COUNTRY_CODES.find((c) => c !== (seller.country ?? 'DE') && c !== 'IT')!;
    const eu = await company({ country: other, vatId: `${other}123456789`, applyReverseCharge: true });
    const reverse = (await post('/api/buy-credits/quote', { package_id: packageId }, await userOf(eu.id))).json();
    expect(reverse).toMatchObject({ reverse_charge: true, tax_rate: 0, tax: 0 });
    expect(reverse.total).toBe(reverse.net);
    expect(reverse.net).toBe(other === 'AT' ? 8_000 : 10_000);
    const swiss = await company({ country: 'CH' });
    const outside = (await post('/api/buy-credits/quote', { package_id: packageId }, await userOf(swiss.id))).json();
    expect(outside).toMatchObject({ reverse_charge: false, tax_rate: 0, net: 10_000, tax: 0, total: 10_000 });
  });

  it('settles a purchase a coupon pays in full at once', async () => {
    const practice = await company();
    const packageId = await pkg(20);
    const code = await coupon({ kind: 'percent', percent_off: 100 });
    const bought = await post(
      '/api/buy-credits',
      { package_id: packageId, coupon_code: code },
      await userOf(practice.id),
    );
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({
      invoice: { status: 'paid', total: 0 },
      bank_transfer: null,
      checkout_url: null,
    });
    expect((await readBalances(ctx.deps.db, practice.id)).paid).toBe(20);
  });
});

/** The invoice mails written for a company. */
const invoiceMailsOf = (companyId: string) =>
  ctx.deps.db
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.event, 'invoice.issued')));

class Rollback extends Error {}

describe('buying credits: where the invoice mail goes', () => {
  it('mails the invoice to the invoice address, else to the company’s owners, and says so in the answer', async () => {
    const packageId = await pkg();
    const addressed = await company();
    const toAddress = (await post('/api/buy-credits', { package_id: packageId }, await userOf(addressed.id))).json();
    expect(toAddress.invoice_mail).toEqual({
      recipients: 'invoice-address',
      to: [addressed.invoiceEmailAddress],
      not_sent: null,
    });
    expect(await invoiceMailsOf(addressed.id)).toEqual([{ to: addressed.invoiceEmailAddress }]);

    // Without an address: the users who buy the company's credits, the buyer among them.
    const practice = await company({ invoiceEmailAddress: null });
    const owner = await createTestUser(ctx.deps, { companyId: practice.id, roles: ['end-user'] });
    const buyer = await createTestUser(ctx.deps, { companyId: practice.id, roles: ['end-user'] });
    const bought = await post(
      '/api/buy-credits',
      { package_id: packageId },
      (await loginAs(ctx.app, buyer.mail)).token,
    );
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().invoice_mail).toEqual({ recipients: 'owners', to: [owner.mail, buyer.mail], not_sent: null });
    expect((await invoiceMailsOf(practice.id)).map((m) => m.to).sort()).toEqual([owner.mail, buyer.mail].sort());
  });

  it('claims no mail when the company has no address and no owner: staff buying for it are told none was sent', async () => {
    const empty = await company({ invoiceEmailAddress: null });
    const bought = await post('/api/buy-credits', { package_id: await pkg(), company_id: empty.id }, adminToken);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().invoice_mail).toEqual({ recipients: null, to: [], not_sent: 'no-recipient' });
    expect(await invoiceMailsOf(empty.id)).toEqual([]);
  });
});

describe('buying credits: the operator’s bank account', () => {
  it('refuses a purchase by bank transfer without the operator’s IBAN and BIC: nothing issued, used or booked', async () => {
    const practice = await company();
    const user = await createTestUser(ctx.deps, { companyId: practice.id, roles: ['end-user'] });
    const actor = testActor({ userId: user.id, companyId: practice.id, permissions: ['backoffice-credit'] });
    const packageId = await pkg(40);
    const code = await coupon({ kind: 'percent', percent_off: 10 });
    const operator = (await findOperatorCompany(ctx.deps.db))!;
    // In a transaction rolled back at the end: on a shared PostgreSQL other test files keep the operator's account.
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        const deps = { ...ctx.deps, db: tx };
        await tx.delete(companyBankAccounts).where(eq(companyBankAccounts.companyId, operator.id));
        await expect(
          purchase(deps, actor, { package_id: packageId, coupon_code: code, payment_method: 'bank-transfer' }),
        ).rejects.toMatchObject({ code: 'OPERATOR_BANK_ACCOUNT_MISSING' });
        expect(await tx.select().from(invoices).where(eq(invoices.companyId, practice.id))).toEqual([]);
        expect(await tx.select().from(couponRedemptions).where(eq(couponRedemptions.companyId, practice.id))).toEqual(
          [],
        );
        expect(await tx.select().from(creditLedger).where(eq(creditLedger.companyId, practice.id))).toEqual([]);
        expect(await tx.select().from(mailOutbox).where(eq(mailOutbox.companyId, practice.id))).toEqual([]);

        // By card the invoice is paid at the checkout: it is issued, and its PDF asks for no transfer.
        const byCard = await purchase(deps, actor, { package_id: packageId, payment_method: 'stripe' });
        expect(byCard).toMatchObject({ bank_transfer: null, checkout_url: expect.any(String) });
        const { pdf } = await invoicePdf(deps, actor, byCard.invoice.id);
        const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
        expect(text).toContain(`Invoice ${byCard.invoice.number}`);
        expect(text).not.toContain('Please transfer');
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);

    // With the account, the same purchase is issued, and the instructions and the PDF name IBAN and BIC.
    const token = (await loginAs(ctx.app, user.mail)).token;
    const bought = await post('/api/buy-credits', { package_id: packageId, coupon_code: code }, token);
    expect(bought.statusCode, bought.body).toBe(201);
    const result = bought.json() as PurchaseResult;
    expect(result.bank_transfer).toMatchObject({ iban: operatorAccount.iban, bic: operatorAccount.bic });
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoices/${result.invoice.id}/pdf`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
    expect(text).toContain(`IBAN ${operatorAccount.iban}`);
    expect(text).toContain(`BIC ${operatorAccount.bic}`);
  });
});

describe('buying credits by card (Stripe)', () => {
  const deliver = (payload: string, signature: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  const completed = (
    eventId: string,
    invoiceId: string,
    amount: number,
    intent = `pi_${randomUUID().slice(0, 8)}`,
    currency = 'eur',
  ) =>
    stripeEvent(eventId, 'checkout.session.completed', {
      id: `cs_${randomUUID().slice(0, 8)}`,
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: intent,
      amount_total: amount,
      currency,
      client_reference_id: invoiceId,
      metadata: { invoice_id: invoiceId },
      customer_details: { email: 'payer@test.cuspid.local' },
    });

  it('opens a checkout for the invoice and books the credits once however often the webhook is delivered', async () => {
    const practice = await company();
    const token = await userOf(practice.id);
    const packageId = await pkg(30, 5_000);
    const bought = await post('/api/buy-credits', { package_id: packageId, payment_method: 'stripe' }, token);
    expect(bought.statusCode, bought.body).toBe(201);
    const result = bought.json() as PurchaseResult;
    expect(result.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    expect(result.bank_transfer).toBeNull();
    const session = stripe.sessions.at(-1)!;
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: result.invoice.id,
      'metadata[invoice_id]': result.invoice.id,
      'payment_intent_data[metadata][invoice_id]': result.invoice.id,
      'line_items[0][price_data][unit_amount]': String(result.invoice.total),
      'line_items[0][price_data][currency]': 'eur',
    });
    expect(session.success_url).toContain('/payment-history');

    const intent = `pi_${randomUUID().slice(0, 8)}`;
    const payload = completed(`evt_${randomUUID().slice(0, 8)}`, result.invoice.id, result.invoice.total, intent);
    const first = await deliver(payload, stripeSignature(payload, WEBHOOK_SECRET));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, handled: 'recorded' });
    // The same delivery again, ten times at once, and another event reporting the same payment intent.
    const replays = await Promise.all(
      Array.from({ length: 10 }, () => deliver(payload, stripeSignature(payload, WEBHOOK_SECRET))),
    );
    expect(replays.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(replays.map((r) => r.json().handled))).toEqual(new Set(['duplicate']));
    const other = completed(`evt_${randomUUID().slice(0, 8)}`, result.invoice.id, result.invoice.total, intent);
    expect((await deliver(other, stripeSignature(other, WEBHOOK_SECRET))).json()).toEqual({
      received: true,
      handled: 'duplicate',
    });
    expect((await readBalances(ctx.deps.db, practice.id)).paid).toBe(30);
    expect(await purchaseEntries(result.invoice.id)).toHaveLength(1);
    const invoice = await get(`/api/invoices/${result.invoice.id}`, adminToken);
    expect(invoice.json()).toMatchObject({ status: 'paid' });
    const history = (await get('/api/get-payment-history', token)).json();
    expect(history).toMatchObject({ total: 1, data: [{ provider: 'stripe', reference: intent, status: 'paid' }] });
  });

  it('records a failed card payment and leaves the invoice open', async () => {
    const practice = await company();
    const token = await userOf(practice.id);
    const bought = (
      await post('/api/buy-credits', { package_id: await pkg(), payment_method: 'stripe' }, token)
    ).json();
    const payload = stripeEvent(`evt_${randomUUID().slice(0, 8)}`, 'payment_intent.payment_failed', {
      id: `pi_${randomUUID().slice(0, 8)}`,
      object: 'payment_intent',
      amount: bought.invoice.total,
      currency: 'eur',
      metadata: { invoice_id: bought.invoice.id },
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    const delivered = await deliver(payload, stripeSignature(payload, WEBHOOK_SECRET));
    expect(delivered.json()).toEqual({ received: true, handled: 'recorded' });
    const history = (await get('/api/get-payment-history?status=failed', token)).json();
    expect(history).toMatchObject({
      total: 1,
      data: [{ status: 'failed', failure_reason: 'Your card was declined.' }],
    });
    expect((await get(`/api/invoices/${bought.invoice.id}`, adminToken)).json()).toMatchObject({ status: 'open' });
    expect((await readBalances(ctx.deps.db, practice.id)).paid).toBe(0);
  });

  it('refuses a delivery whose signature is wrong, stale or missing, and changes nothing', async () => {
    const practice = await company();
    const bought = (
      await post('/api/buy-credits', { package_id: await pkg(), payment_method: 'stripe' }, await userOf(practice.id))
    ).json();
    const payload = completed(`evt_${randomUUID().slice(0, 8)}`, bought.invoice.id, bought.invoice.total);
    for (const signature of [
      stripeSignature(payload, 'whsec_someone_else'),
      stripeSignature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
      stripeSignature(`${payload} `, WEBHOOK_SECRET),
      '',
    ]) {
      const refused = await deliver(payload, signature);
      expect(refused.statusCode, signature).toBe(400);
      expect(refused.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    expect((await readBalances(ctx.deps.db, practice.id)).paid).toBe(0);
    // Events the portal does not read, and invoices it does not know, are acknowledged (Stripe stops retrying).
    const unknown = completed(`evt_${randomUUID().slice(0, 8)}`, randomUUID(), 100);
    expect((await deliver(unknown, stripeSignature(unknown, WEBHOOK_SECRET))).json()).toEqual({
      received: true,
      handled: 'unknown-invoice',
    });
    const other = stripeEvent(`evt_${randomUUID().slice(0, 8)}`, 'customer.created', {
      id: 'cus_1',
      object: 'customer',
    });
    expect((await deliver(other, stripeSignature(other, WEBHOOK_SECRET))).json()).toEqual({
      received: true,
      handled: 'ignored',
    });
  });

  it('refuses a payment in another currency or of no positive amount: recorded as failed, nothing booked', async () => {
    const practice = await company();
    const token = await userOf(practice.id);
    // 99,00 € net with 19 % VAT: 117,81 €, which Stripe would write as 11781 in euro cents and in yen alike.
    const bought = (
      await post('/api/buy-credits', { package_id: await pkg(30, 9_900), payment_method: 'stripe' }, token)
    ).json() as PurchaseResult;
    expect(bought.invoice.total).toBe(11_781);
    const warn = vi.spyOn(ctx.deps.logger, 'warn');
    const refusals: [amount: number, currency: string, reason: RegExp][] = [
      [11_781, 'jpy', /JPY.*EUR/],
      [-11_781, 'eur', /payment of -€117\.81 cannot/],
      [0, 'eur', /payment of €0\.00 cannot/],
      [-0, 'eur', /payment of €0\.00 cannot/],
    ];
    for (const [amount, currency, reason] of refusals) {
      const eventId = `evt_${randomUUID().slice(0, 8)}`;
      const payload = completed(eventId, bought.invoice.id, amount, undefined, currency);
      const delivered = await deliver(payload, stripeSignature(payload, WEBHOOK_SECRET));
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json(), `${amount} ${currency}`).toEqual({ received: true, handled: 'refused' });
      // The operator finds the refusal in the log, by the event's id and the reason.
      const logged = warn.mock.calls.find(([fields]) => (fields as { event?: string }).event === eventId);
      expect(logged, `${amount} ${currency}`).toBeDefined();
      expect(String(logged![1])).toMatch(reason);
    }
    warn.mockRestore();
    expect((await get(`/api/invoices/${bought.invoice.id}`, adminToken)).json()).toMatchObject({ status: 'open' });
    expect((await readBalances(ctx.deps.db, practice.id)).paid).toBe(0);
    expect(await purchaseEntries(bought.invoice.id)).toHaveLength(0);
    const history = (await get(`/api/get-payment-history?invoice_id=${bought.invoice.id}`, token)).json();
    expect(history.total).toBe(refusals.length);
    expect(history.data.map((p: { status: string }) => p.status)).toEqual(Array(refusals.length).fill('failed'));
    expect(history.data.map((p: { failure_reason: string }) => p.failure_reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/JPY.*EUR/)]),
    );
    // The invoice is still paid in full by the payment that matches it.
    const payload = completed(`evt_${randomUUID().slice(0, 8)}`, bought.invoice.id, 11_781);
    expect((await deliver(payload, stripeSignature(payload, WEBHOOK_SECRET))).json().handled).toBe('recorded');
    expect((await readBalances(ctx.deps.db, practice.id)).paid).toBe(30);
  });

  it('refuses a delivery signed more than five minutes before or after now', async () => {
    const practice = await company();
    const bought = (
      await post('/api/buy-credits', { package_id: await pkg(), payment_method: 'stripe' }, await userOf(practice.id))
    ).json() as PurchaseResult;
    const payload = completed(`evt_${randomUUID().slice(0, 8)}`, bought.invoice.id, bought.invoice.total);
    const now = Math.floor(Date.now() / 1000);
    for (const at of [now + 600, now + 310, now - 310]) {
      const refused = await deliver(payload, stripeSignature(payload, WEBHOOK_SECRET, at));
      expect(refused.statusCode, `${at - now} s`).toBe(400);
      expect(refused.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    expect((await readBalances(ctx.deps.db, practice.id)).paid).toBe(0);
    // A clock a little ahead of Stripe's, or a delivery a little late, is fine.
    const ahead = await deliver(payload, stripeSignature(payload, WEBHOOK_SECRET, now + 240));
    expect(ahead.json(), ahead.body).toEqual({ received: true, handled: 'recorded' });
    expect((await readBalances(ctx.deps.db, practice.id)).paid).toBe(50);
  });

  it('opens a checkout only for an open invoice the caller may see', async () => {
    const practice = await company();
    const token = await userOf(practice.id);
    const bought = (await post('/api/buy-credits', { package_id: await pkg() }, token)).json();
    expect((await post('/api/invoices/not-an-id/checkout', {}, token)).statusCode).toBe(400);
    expect(
      (await post(`/api/invoices/${bought.invoice.id}/checkout`, {}, await userOf(practice.id, []))).statusCode,
    ).toBe(403);
    const stranger = await userOf((await company()).id);
    expect((await post(`/api/invoices/${bought.invoice.id}/checkout`, {}, stranger)).statusCode).toBe(404);
    const opened = await post(`/api/invoices/${bought.invoice.id}/checkout`, {}, token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    await patch(`/api/update-invoice-status/${bought.invoice.id}`, { status: 'paid' }, adminToken);
    const closed = await post(`/api/invoices/${bought.invoice.id}/checkout`, {}, token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('INVOICE_NOT_PAYABLE');
  });
});
