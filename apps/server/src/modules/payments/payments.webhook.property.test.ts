import { randomUUID } from 'node:crypto';
import type { PurchaseResult } from '@cuspid/contracts/payments';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestAdmin, createTestApp, createTestUser, loginAs, requestsTo } from '../../../test/setup-app';
import { startStripeDouble, stripeEvent, stripeSignature } from '../../../test/stripe-double';
import { companies } from '../companies/companies.schema';
import { readBalances } from '../credits';
import { payments } from './payments.schema';

/**
 * Signed Stripe deliveries whose fields, where the portal reads a payment, hold extremes: fractions, integers past
 * 2^53 and 2^63, -0, negatives, huge strings, wrong types, null, nested objects, missing fields; and bodies that
 * are no event at all. The signature is genuine, so each reaches the reading of the event: no answer may be a
 * 5xx, an error answer has the wire shape, and none books anything on the invoice it names.
 *
 * Reproduce a failure of the random part with the printed seed: FC_SEED=<seed> npx vitest run <this file>.
 */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() % 2 ** 31;
const RUNS = Number(process.env.FC_RUNS ?? 40);

const WEBHOOK_SECRET = 'whsec_webhook_property_secret';
const stripe = await startStripeDouble();
const ctx = await createTestApp({
  STRIPE_SECRET_KEY: 'sk_test_webhook_property',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});
const { post, get } = requestsTo(() => ctx.app);

/** Where an extreme goes: a path into the event's object (or, with `envelope`, into the event itself). */
type Target = { path: string[]; envelope?: boolean; also?: string[][] };
const MISSING = Symbol('missing');
type Extreme = { label: string; json: string | typeof MISSING };

/** Raw JSON, so that what JavaScript cannot hold (2^53 + 1, 2^63, 1e400) arrives as written. */
const EXTREMES: Extreme[] = [
  { label: 'a fraction', json: '1.5' },
  { label: 'a tiny fraction', json: '0.000001' },
  { label: '2^53 + 1', json: '9007199254740993' },
  { label: '2^63', json: '9223372036854775808' },
  { label: '-2^63 - 1', json: '-9223372036854775809' },
  { label: '1e400', json: '1e400' },
  { label: '-0', json: '-0' },
  { label: 'zero', json: '0' },
  { label: 'a negative', json: '-1' },
  { label: 'a big negative', json: '-1190000' },
  { label: 'a number as a string', json: '"1190"' },
  { label: 'a huge numeric string', json: JSON.stringify('9'.repeat(100_000)) },
  { label: 'a huge string', json: JSON.stringify('x'.repeat(100_000)) },
  { label: 'an empty string', json: '""' },
  { label: 'a NUL', json: '"a\\u0000b"' },
  { label: 'a lone surrogate', json: '"\\ud800"' },
  { label: 'null', json: 'null' },
  { label: 'true', json: 'true' },
  { label: 'an empty array', json: '[]' },
  { label: 'an array', json: '[1,"2",{"3":4}]' },
  { label: 'an empty object', json: '{}' },
  { label: 'a nested object', json: '{"a":{"b":{"c":[1,{"d":null}]}},"id":"pi_nested"}' },
  { label: 'a missing field', json: MISSING },
];

/** Fields of a completed Checkout Session the portal reads; the invoice id is read from two places at once. */
const SESSION_TARGETS: Target[] = [
  { path: ['amount_total'] },
  { path: ['currency'] },
  { path: ['payment_status'] },
  { path: ['payment_intent'] },
  { path: ['id'] },
  { path: ['metadata', 'invoice_id'], also: [['client_reference_id']] },
  { path: ['metadata'], also: [['client_reference_id']] },
  { path: ['customer_details'] },
  { path: ['customer_details', 'email'] },
  { path: ['id'], envelope: true },
  { path: ['type'], envelope: true },
  { path: ['data'], envelope: true },
  { path: ['data', 'object'], envelope: true },
];

/** Values a field may hold in a genuine event (the payment stands with them): not extremes for that field. */
const GENUINE: Record<string, string[]> = {
  payment_intent: ['null', 'a missing field', 'a nested object'],
  customer_details: ['null', 'a missing field', 'an empty object', 'a nested object'],
  // Kept for the record only: any short text that can be stored will do.
  'customer_details.email': ['null', 'a missing field', 'a number as a string', 'an empty string'],
};

const FAILED_TARGETS: Target[] = [
  { path: ['amount'] },
  { path: ['currency'] },
  { path: ['id'] },
  { path: ['metadata', 'invoice_id'] },
  { path: ['metadata'] },
  { path: ['last_payment_error'] },
  { path: ['last_payment_error', 'message'] },
  { path: ['last_payment_error', 'code'] },
];

/** Bodies that are signed but no event. */
const NOT_EVENTS = ['null', '[]', '"evt"', '1.5', '{}', '{"id":"evt_x"}', 'not json', '{"id":', '['.repeat(100_000)];

const PLACEHOLDER = 'EXTREME_PLACEHOLDER_7f3a';

function place(object: Record<string, unknown>, path: string[], extreme: Extreme) {
  let at = object;
  for (const key of path.slice(0, -1)) {
    at[key] = typeof at[key] === 'object' && at[key] !== null ? { ...(at[key] as object) } : {};
    at = at[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (extreme.json === MISSING) delete at[last];
  else at[last] = PLACEHOLDER;
}

/** An event's payload with the extreme at the target, written as raw JSON. */
function withExtreme(event: string, target: Target, extreme: Extreme): string {
  const parsed = JSON.parse(event) as Record<string, unknown> & { data: { object: Record<string, unknown> } };
  const root = target.envelope ? parsed : parsed.data.object;
  for (const path of [target.path, ...(target.also ?? [])]) place(root, path, extreme);
  const text = JSON.stringify(parsed);
  return extreme.json === MISSING ? text : text.replaceAll(JSON.stringify(PLACEHOLDER), extreme.json);
}

let admin: string;
let buyer: string;
let companyId: string;
let packageId: string;
beforeAll(async () => {
  admin = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  const [company] = await ctx.deps.db
    .insert(companies)
    .values({ companyName: `Extremes ${randomUUID().slice(0, 6)}`, country: 'DE' })
    .returning();
  companyId = company!.id;
  buyer = (await loginAs(ctx.app, (await createTestUser(ctx.deps, { companyId, roles: ['end-user'] })).mail)).token;
  const created = await post(
    '/api/packages',
    { name: `Pack ${randomUUID().slice(0, 6)}`, credits: 10, price_cents: 1_000, credit_type: 'paid' },
    admin,
  );
  packageId = created.json().id;
});

/** Each test pays an invoice of its own: one that booked is not blamed on the next. */
let invoice: PurchaseResult['invoice'];
beforeEach(async () => {
  const bought = await post('/api/buy-credits', { package_id: packageId, payment_method: 'stripe' }, buyer);
  expect(bought.statusCode, bought.body).toBe(201);
  invoice = (bought.json() as PurchaseResult).invoice;
});

const eventId = () => `evt_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

function session(type: string) {
  return stripeEvent(eventId(), type, {
    id: `cs_${randomUUID().slice(0, 8)}`,
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: `pi_${randomUUID().slice(0, 8)}`,
    amount_total: invoice.total,
    currency: invoice.currency.toLowerCase(),
    client_reference_id: invoice.id,
    metadata: { invoice_id: invoice.id },
    customer_details: { email: 'payer@test.cuspid.local' },
  });
}

function failedIntent() {
  return stripeEvent(eventId(), 'payment_intent.payment_failed', {
    id: `pi_${randomUUID().slice(0, 8)}`,
    object: 'payment_intent',
    amount: invoice.total,
    currency: invoice.currency.toLowerCase(),
    metadata: { invoice_id: invoice.id },
    last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
  });
}

function deliver(payload: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, WEBHOOK_SECRET) },
  });
}

const paidPayments = async () =>
  (
    await ctx.deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'paid')))
  ).length;

/** Delivers a payload and checks the answer is no 5xx, an error has the wire shape, and nothing was paid. */
async function expectRefusedCleanly(payload: string, what: string) {
  const answer = await deliver(payload);
  expect(answer.statusCode, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  if (answer.statusCode >= 400) expect(answer.json(), what).toMatchObject({ code: expect.any(String) });
  expect(await paidPayments(), what).toBe(0);
}

describe('POST /payments/stripe/webhook with extreme payloads', () => {
  it('answers no 5xx and books nothing for a completed checkout with an extreme where a payment is read', async () => {
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
      for (const target of SESSION_TARGETS) {
        for (const extreme of EXTREMES) {
          if (!target.envelope && GENUINE[target.path.join('.')]?.includes(extreme.label)) continue;
          await expectRefusedCleanly(
            withExtreme(session(type), target, extreme),
            `${type} ${target.path} = ${extreme.label}`,
          );
        }
      }
    }
  });

  it('answers no 5xx and books nothing for a failed payment with an extreme, or a signed body that is no event', async () => {
    for (const target of SESSION_TARGETS) {
      for (const extreme of EXTREMES) {
        await expectRefusedCleanly(
          withExtreme(session('checkout.session.async_payment_failed'), target, extreme),
          `async_payment_failed ${target.path} = ${extreme.label}`,
        );
      }
    }
    for (const target of FAILED_TARGETS) {
      for (const extreme of EXTREMES) {
        await expectRefusedCleanly(
          withExtreme(failedIntent(), target, extreme),
          `failed intent ${target.path} = ${extreme.label}`,
        );
      }
    }
    for (const body of NOT_EVENTS) await expectRefusedCleanly(body, `the body ${body.slice(0, 20)}`);
  });

  it('answers no 5xx and books nothing for random JSON where a completed checkout names its payment', async () => {
    const targets = SESSION_TARGETS.filter((t) => !GENUINE[t.path.join('.')] && t.path.join('.') !== 'type');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), fc.jsonValue(), async (target, value) => {
        const base = session('checkout.session.completed');
        const payload = withExtreme(base, target, { label: 'random', json: JSON.stringify(value) });
        // A value that happens to be the genuine one is no extreme.
        fc.pre(payload !== base && JSON.stringify(value) !== JSON.stringify(invoice.total));
        await expectRefusedCleanly(payload, `${target.path} = ${JSON.stringify(value).slice(0, 100)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('still books the genuine payment: the extremes above were refused for what they held', async () => {
    const before = (await readBalances(ctx.deps.db, companyId)).paid;
    const answer = await deliver(session('checkout.session.completed'));
    expect(answer.json(), answer.body).toEqual({ received: true, handled: 'recorded' });
    expect(await paidPayments()).toBe(1);
    expect((await readBalances(ctx.deps.db, companyId)).paid).toBe(before + 10);
    expect((await get(`/api/invoices/${invoice.id}`, admin)).json()).toMatchObject({ status: 'paid' });
  });
});
