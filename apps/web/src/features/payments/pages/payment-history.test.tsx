import type { BankImportResult, Payment } from '@cuspid/contracts/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { COMPANY_ID, jsonResponse, loginResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { PaymentHistoryPage } from './payment-history';

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: crypto.randomUUID(),
  invoice_id: crypto.randomUUID(),
  invoice_number: '2026-000007',
  company_id: COMPANY_ID,
  company_name: 'Praxis Weiss',
  provider: 'bank-transfer',
  reference: 'id:T-1',
  status: 'paid',
  amount: 11_900,
  currency: 'EUR',
  failure_reason: null,
  created_at: '2026-11-27T09:30:00.000Z',
  ...overrides,
});

function render(url = '/payment-history') {
  return renderWithProviders(
    <Suspense fallback={null}>
      <PaymentHistoryPage />
    </Suspense>,
    { path: '/payment-history', url },
  );
}

beforeEach(() => {
  sessionStore.signIn(loginResponse({ roles: ['end-user'] }));
  sessionStore.setPermissionTitles(['backoffice-payment-history']);
});

describe('PaymentHistoryPage', () => {
  it('lists the payments with method, status and amount, sends the filters, and offers no import to a company', async () => {
    const calls = mockServer({
      '/api/get-payment-history': () =>
        jsonResponse({
          data: [
            payment(),
            payment({ provider: 'stripe', status: 'failed', failure_reason: 'Your card was declined.', amount: 5_950 }),
          ],
          total: 2,
        }),
      '/api/my-company': () => jsonResponse({ id: COMPANY_ID, is_operator: false }),
    });
    const { router } = render('/payment-history?checkout=done');
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows[0]).toHaveTextContent('2026-000007');
    expect(rows[0]).toHaveTextContent('Bank transfer');
    expect(rows[0]).toHaveTextContent('€119.00');
    expect(rows[1]).toHaveTextContent('Card');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('Your card was declined.');
    expect(screen.getByTestId('checkout-done')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByTestId('payment-status-filter'), 'failed');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('failed'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/get-payment-history' && c.search.includes('status=failed'))).toBe(true),
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api/my-company')).toBe(true));
    expect(screen.queryByTestId('bank-import-open')).not.toBeInTheDocument();
  });

  it('lets staff import a bank statement and shows each line’s outcome', async () => {
    const result: BankImportResult = {
      lines: 2,
      results: [
        { line: 2, outcome: 'paid', invoice_number: '2026-000007', amount: 11_900, message: null },
        {
          line: 3,
          outcome: 'unmatched',
          invoice_number: null,
          amount: 5_000,
          message: 'The purpose names no invoice number',
        },
      ],
      counts: { paid: 1, partial: 0, duplicate: 0, unmatched: 1, ignored: 0 },
    };
    const calls = mockServer({
      '/api/get-payment-history': () => jsonResponse({ data: [], total: 0 }),
      '/api/my-company': () => jsonResponse({ id: COMPANY_ID, is_operator: true }),
      '/api/payments/bank-import': () => jsonResponse(result),
    });
    render();
    await userEvent.click(await screen.findByTestId('bank-import-open'));
    const file = new File(['Amount;Purpose\n119,00;2026-000007\n'], 'statement.csv', { type: 'text/csv' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await userEvent.click(screen.getByTestId('bank-import-submit'));
    const shown = await screen.findByTestId('bank-import-result');
    expect(shown).toHaveTextContent('Paid: 1');
    expect(shown).toHaveTextContent('Not matched: 1');
    expect(within(shown).getByText('The purpose names no invoice number')).toBeInTheDocument();
    const upload = calls.find((c) => c.path === '/api/payments/bank-import')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('links each payment to its invoice', async () => {
    const paid = payment();
    mockServer({
      '/api/get-payment-history': () => jsonResponse({ data: [paid], total: 1 }),
      '/api/my-company': () => jsonResponse({ id: COMPANY_ID, is_operator: false }),
    });
    render();
    const [row] = await screen.findAllByTestId('payment-row');
    expect(within(row!).getByRole('link', { name: '2026-000007' })).toHaveAttribute(
      'href',
      `/invoices/${paid.invoice_id}/show`,
    );
  });

  it('points a practice with no payments yet to its invoices, where an unpaid one is', async () => {
    mockServer({
      '/api/get-payment-history': () => jsonResponse({ data: [], total: 0 }),
      '/api/my-company': () => jsonResponse({ id: COMPANY_ID, is_operator: false }),
    });
    render();
    const empty = await screen.findByTestId('payment-history-empty');
    expect(empty).toHaveTextContent('No payments yet');
    expect(empty).toHaveTextContent(
      'An invoice not paid yet, such as one to pay by bank transfer, is among your invoices.',
    );
    expect(within(empty).getByRole('link', { name: 'Open the invoices' })).toHaveAttribute('href', '/invoices');
  });
});
