import type { PurchaseQuote, PurchaseResult } from '@cuspid/contracts/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { COMPANY_ID, jsonResponse, loginResponse, mockServer, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { BuyCreditsPage } from './buy-credits';

const SMALL = '11111111-1111-4111-8111-111111111111';
const LARGE = '22222222-2222-4222-8222-222222222222';
const INVOICE_ID = '33333333-3333-4333-8333-333333333333';

const offer = (id: string, name: string, credits: number, price_cents: number) => ({
  id,
  name,
  description: null,
  credits,
  credit_type: 'paid',
  sort_order: 0,
  price_cents,
  currency: 'EUR',
  price_source: 'country',
});

function quoteFor(call: RecordedCall): PurchaseQuote {
  const body = call.body as { package_id: string; coupon_code?: string };
  const price = body.package_id === SMALL ? 10_000 : 40_000;
  const discount = body.coupon_code === 'TEN' ? price / 10 : 0;
  const net = price - discount;
  return {
    package_id: body.package_id,
    package_name: 'Pack',
    credits: 50,
    credit_type: 'paid',
    currency: 'EUR',
    price,
    discount,
    coupon_code: body.coupon_code ?? null,
    tax_rate: 1900,
    reverse_charge: false,
    net,
    tax: Math.round(net * 0.19),
    total: net + Math.round(net * 0.19),
    payment_methods: ['bank-transfer', 'stripe'],
  };
}

const BILLING = 'billing@praxis-weiss.example';

const bought = (total: number, invoice_mail: PurchaseResult['invoice_mail'] = mailedTo([BILLING])): PurchaseResult => ({
  invoice: { id: INVOICE_ID, number: '2026-000042', status: 'open', total } as PurchaseResult['invoice'],
  payment_method: 'bank-transfer',
  checkout_url: null,
  bank_transfer: {
    account_holder: 'Cuspid GmbH',
    bank_name: 'Sparkasse',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    reference: '2026-000042',
    amount: total,
    currency: 'EUR',
  },
  invoice_mail,
});

function mailedTo(to: string[], recipients: 'invoice-address' | 'owners' = 'invoice-address') {
  return { recipients, to, not_sent: null };
}

beforeEach(() => {
  sessionStore.signIn(loginResponse({ roles: ['end-user'] }));
  sessionStore.setPermissionTitles(['backoffice-credit']);
});

function render() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <BuyCreditsPage />
    </Suspense>,
    { path: '/buy-credits' },
  );
}

describe('BuyCreditsPage', () => {
  it('prices the chosen package with the coupon, orders it by bank transfer and shows where to pay', async () => {
    const calls = mockServer({
      '/api/available-packages': () =>
        jsonResponse({
          company_id: COMPANY_ID,
          country: 'DE',
          data: [offer(SMALL, 'Starter', 50, 10_000), offer(LARGE, 'Lab', 250, 40_000)],
        }),
      '/api/buy-credits/quote': (call) => jsonResponse(quoteFor(call)),
      '/api/buy-credits': () => jsonResponse(bought(10_710), 201),
    });
    render();
    const cards = await screen.findAllByTestId('buy-package');
    expect(cards.map((c) => c.getAttribute('aria-checked'))).toEqual(['false', 'false']);
    await userEvent.click(cards[0]!);
    expect(cards[0]).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByTestId('buy-total')).toHaveTextContent('€119.00');

    await userEvent.type(screen.getByTestId('buy-coupon'), ' TEN ');
    await userEvent.click(screen.getByTestId('buy-coupon-apply'));
    await waitFor(() => expect(screen.getByTestId('buy-total')).toHaveTextContent('€107.10'));
    expect(screen.getByTestId('buy-quote')).toHaveTextContent('Coupon TEN');
    expect(screen.getByTestId('buy-quote')).toHaveTextContent('VAT 19 %');

    await userEvent.click(screen.getByTestId('buy-submit'));
    const done = await screen.findByTestId('buy-done');
    const purchase = calls.find((c) => c.path === '/api/buy-credits')!;
    expect(purchase.body).toEqual({ package_id: SMALL, payment_method: 'bank-transfer', coupon_code: 'TEN' });
    expect(within(done).getByText('Invoice 2026-000042')).toBeInTheDocument();
    expect(within(done).getByTestId('buy-invoice-mail')).toHaveTextContent(`The invoice was sent to ${BILLING}.`);
    const bank = within(done).getByTestId('bank-instructions');
    expect(bank).toHaveTextContent('DE89370400440532013000');
    expect(bank).toHaveTextContent('2026-000042');
    expect(bank).toHaveTextContent('€107.10');
    // Holding only the credits permission, the user cannot open the invoice's page: it is not offered.
    expect(within(done).queryByTestId('buy-open-invoice')).not.toBeInTheDocument();
  });

  it('says in the user’s language why an order by bank transfer is refused without the operator’s bank account', async () => {
    mockServer({
      '/api/available-packages': () =>
        jsonResponse({ company_id: COMPANY_ID, country: 'DE', data: [offer(SMALL, 'Starter', 50, 10_000)] }),
      '/api/buy-credits/quote': (call) => jsonResponse(quoteFor(call)),
      '/api/buy-credits': () =>
        jsonResponse({ code: 'OPERATOR_BANK_ACCOUNT_MISSING', message: 'No invoice … (Customers)' }, 409),
    });
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('de');
    render();
    await userEvent.click((await screen.findAllByTestId('buy-package'))[0]!);
    await screen.findByTestId('buy-total');
    await userEvent.click(screen.getByTestId('buy-submit'));
    expect(await screen.findByTestId('notification-error')).toHaveTextContent(
      'Das Bankkonto des Betreibers mit IBAN und BIC ist nicht eingerichtet',
    );
    expect(screen.queryByTestId('buy-done')).not.toBeInTheDocument();
  });

  it('shows why a coupon is refused, on the coupon field', async () => {
    mockServer({
      '/api/available-packages': () =>
        jsonResponse({ company_id: COMPANY_ID, country: 'DE', data: [offer(SMALL, 'Starter', 50, 10_000)] }),
      '/api/buy-credits/quote': (call) =>
        (call.body as { coupon_code?: string }).coupon_code
          ? jsonResponse({ code: 'COUPON_EXPIRED', message: 'This coupon has expired' }, 400)
          : jsonResponse(quoteFor(call)),
    });
    render();
    await userEvent.click((await screen.findAllByTestId('buy-package'))[0]!);
    await screen.findByTestId('buy-total');
    await userEvent.type(screen.getByTestId('buy-coupon'), 'OLD');
    await userEvent.click(screen.getByTestId('buy-coupon-apply'));
    expect(await screen.findByText('This coupon has expired')).toBeInTheDocument();
  });
});

describe('BuyCreditsPage: where the invoice mail went', () => {
  async function order(mail: PurchaseResult['invoice_mail']) {
    mockServer({
      '/api/available-packages': () =>
        jsonResponse({ company_id: COMPANY_ID, country: 'DE', data: [offer(SMALL, 'Starter', 50, 10_000)] }),
      '/api/buy-credits/quote': (call) => jsonResponse(quoteFor(call)),
      '/api/buy-credits': () => jsonResponse(bought(11_900, mail), 201),
    });
    render();
    await userEvent.click((await screen.findAllByTestId('buy-package'))[0]!);
    await screen.findByTestId('buy-total');
    await userEvent.click(screen.getByTestId('buy-submit'));
    return screen.findByTestId('buy-done');
  }

  it('links the invoice for a practice that reads its invoices through the payment history (ADR 0118)', async () => {
    sessionStore.setPermissionTitles(['backoffice-credit', 'backoffice-payment-history']);
    const done = await order(mailedTo([BILLING]));
    expect(within(done).getByTestId('buy-open-invoice')).toHaveAttribute('href', `/invoices/${INVOICE_ID}/show`);
  });

  it('names the owners it went to when the company has no invoice address', async () => {
    const done = await order(mailedTo(['paul@praxis.example', 'anna@praxis.example'], 'owners'));
    expect(within(done).getByTestId('buy-invoice-mail')).toHaveTextContent(
      'The company has no invoice address, so the invoice was sent to its users who buy credits: paul@praxis.example, anna@praxis.example.',
    );
  });

  it('says that no invoice mail was sent, and claims none, when there was nobody to send it to', async () => {
    const done = await order({ recipients: null, to: [], not_sent: 'no-recipient' });
    expect(within(done).getByTestId('buy-invoice-mail')).toHaveTextContent(
      'No invoice mail was sent: the company has no invoice address and no user who buys its credits.',
    );
    expect(done).not.toHaveTextContent('was sent to');
    // The bank details to pay it are still there.
    expect(within(done).getByTestId('bank-instructions')).toHaveTextContent('DE89370400440532013000');
  });
});
