import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API on 127.0.0.1 (tests make no network call): it answers Checkout Session creation the
 * way Stripe does and keeps each request's form fields, so a test can check what the portal asked for.
 */
export type StripeDouble = {
  url: string;
  sessions: Record<string, string>[];
  close(): Promise<void>;
};

export async function startStripeDouble(): Promise<StripeDouble> {
  const sessions: Record<string, string>[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const fields = Object.fromEntries(new URLSearchParams(body));
        sessions.push(fields);
        const id = `cs_test_${sessions.length}`;
        response.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${sessions.length}` });
        response.end(
          JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }),
        );
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown path' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The `Stripe-Signature` header of a webhook payload, by Stripe's documented scheme: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's secret>`.
 */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** A Stripe event as its webhook delivers it. */
export function stripeEvent(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-01-28',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}
