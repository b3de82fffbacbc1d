import { textSchema } from '@cuspid/contracts';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { CardCheckout, CheckoutRequest, ProviderEvent } from './payments.providers';

/**
 * Card payments through Stripe Checkout (ADR 0106). The portal creates a Checkout Session per payment of an
 * invoice, with the invoice's id in its metadata and in its payment intent's; Stripe reports the outcome to the
 * webhook, whose signature (`Stripe-Signature`, HMAC-SHA256 of `timestamp.body` with the endpoint's secret,
 * made within 5 minutes of now, either way) is checked before anything is read.
 */
export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl?: string | undefined };

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return { maxNetworkRetries: 2, timeout: 20_000 };
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
    maxNetworkRetries: 0,
    timeout: 20_000,
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function stripeProvider(settings: StripeSettings): CardCheckout {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));
  return {
    name: 'stripe',

    async startCheckout(request: CheckoutRequest) {
      const metadata = { invoice_id: request.invoiceId, invoice_number: request.invoiceNumber };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.invoiceId,
          ...(request.customerMail ? { customer_email: request.customerMail } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata, description: request.description },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // One session per invoice and amount for a day: a double click opens the same checkout.
        { idempotencyKey: `checkout-${request.invoiceId}-${request.amountCents}-${request.day}` },
      );
      if (!session.url) throw new AppError('SERVICE_UNAVAILABLE');
      return { url: session.url, reference: session.id };
    },

    readEvent(body: Buffer, signature: string | undefined): ProviderEvent {
      // Stripe refuses a signature older than the tolerance only; one dated ahead would stay good for longer.
      if (!signedWithinTolerance(signature ?? '')) throw new AppError('PAYMENT_SIGNATURE_INVALID');
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(body, signature ?? '', settings.webhookSecret, TOLERANCE_SECONDS);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new AppError('PAYMENT_SIGNATURE_INVALID');
        // The signature held: the body is genuine and yet no event (not JSON, or not one Stripe's webhook sends).
        throw unreadable('the body is no event');
      }
      return toProviderEvent(event);
    },
  };
}

/** How far a signature's time may be from now, either way (Stripe's default). */
const TOLERANCE_SECONDS = 300;

/** Whether the time the header signs is within the tolerance of now: its last `t=`, as Stripe's check reads it. */
function signedWithinTolerance(header: string): boolean {
  let signedAt = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') signedAt = Number.parseInt(value ?? '', 10);
  }
  return Math.abs(Math.floor(Date.now() / 1000) - signedAt) <= TOLERANCE_SECONDS;
}

const unreadable = (reason: string) => new AppError('PAYMENT_EVENT_UNREADABLE', { params: { reason } });

/**
 * The fields the portal reads, as Stripe's API documents them. A signed event that does not fit is refused
 * (PAYMENT_EVENT_UNREADABLE) before anything is written: Stripe sends none, and guessing could book money.
 * Ids carry their object's prefix; texts are kept as sent, so they must be storable.
 */
const idSchema = (prefix: 'evt' | 'cs' | 'pi') => z.string().regex(new RegExp(`^${prefix}_\\w{1,250}$`));
const text = (max: number) => textSchema(max, { trim: false });
const eventSchema = z.object({
  id: idSchema('evt'),
  type: text(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const metadataSchema = z.record(z.string(), text(500)).nullish();
const sessionSchema = z.object({
  id: idSchema('cs'),
  metadata: metadataSchema,
  client_reference_id: text(255).nullish(),
  payment_status: text(255),
  payment_intent: z.union([idSchema('pi'), z.object({ id: idSchema('pi') })]).nullish(),
  customer_details: z.object({ email: text(512).nullish() }).nullish(),
});
const intentSchema = z.object({
  id: idSchema('pi'),
  metadata: metadataSchema,
  last_payment_error: z.object({ code: text(255).nullish(), message: text(5000).nullish() }).nullish(),
});
/**
 * A payment's money: a whole amount in the currency's smallest unit (a safe integer) and its ISO code. Read once
 * the event names an invoice: another checkout's event (a setup session has no amount) is ignored, not refused.
 */
const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toUpperCase());
const sessionMoneySchema = z.object({ amount_total: z.int(), currency: currencySchema });
const intentMoneySchema = z.object({ amount: z.int(), currency: currencySchema });

/** The value as the schema reads it; PAYMENT_EVENT_UNREADABLE naming the first field that does not fit. */
function read<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw unreadable(`${what}${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
}

/** What the portal reads of the events it subscribes to; every other event is acknowledged and ignored. */
function toProviderEvent(body: unknown): ProviderEvent {
  const event = read(eventSchema, body, 'event');
  const base = { id: event.id, type: event.type };
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = read(sessionSchema, object, 'session');
      const invoiceId = session.metadata?.invoice_id ?? session.client_reference_id;
      // A delayed method (SEPA debit) completes the session unpaid; its outcome is the async event.
      if (!invoiceId || session.payment_status !== 'paid') return base;
      const money = read(sessionMoneySchema, object, 'session');
      return {
        ...base,
        payment: {
          invoiceId,
          reference: idOf(session.payment_intent) ?? session.id,
          status: 'paid',
          amountCents: money.amount_total,
          currency: money.currency,
          details: { checkout_session: session.id, payer: session.customer_details?.email ?? null },
        },
      };
    }
    case 'checkout.session.async_payment_failed': {
      const session = read(sessionSchema, object, 'session');
      const invoiceId = session.metadata?.invoice_id ?? session.client_reference_id;
      if (!invoiceId) return base;
      const money = read(sessionMoneySchema, object, 'session');
      return {
        ...base,
        payment: {
          invoiceId,
          reference: `${idOf(session.payment_intent) ?? session.id}:${event.id}`,
          status: 'failed',
          amountCents: money.amount_total,
          currency: money.currency,
          failureReason: 'The payment method was declined after checkout',
          details: { checkout_session: session.id },
        },
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = read(intentSchema, object, 'payment_intent');
      const invoiceId = intent.metadata?.invoice_id;
      if (!invoiceId) return base;
      const money = read(intentMoneySchema, object, 'payment_intent');
      return {
        ...base,
        payment: {
          invoiceId,
          // Each failed attempt is a payment of its own; a later success of the same intent is another.
          reference: `${intent.id}:${event.id}`,
          status: 'failed',
          amountCents: money.amount,
          currency: money.currency,
          failureReason: intent.last_payment_error?.message ?? 'The card payment failed',
          details: { code: intent.last_payment_error?.code ?? null },
        },
      };
    }
    default:
      return base;
  }
}
