import type { InvoiceSummary, InvoiceSummaryFigures } from '@cuspid/contracts/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { InvoiceSummaryPage, periodOf } from './invoice-summary';

const figures = (
  invoice_count: number,
  credit_note_count: number,
  net: number,
  tax: number,
): InvoiceSummaryFigures => ({
  currency: 'EUR',
  invoice_count,
  credit_note_count,
  net,
  tax,
  total: net + tax,
});

/** March: two domestic invoices and a credit note, a reverse-charge one, one outside the EU. */
function summary(month: number | null = null): InvoiceSummary {
  const months = (month ? [month] : Array.from({ length: 12 }, (_, i) => i + 1)).map((m) => ({
    month: m,
    ...(m === 3 ? figures(4, 1, 35_000, 2_850) : figures(0, 0, 0, 0)),
  }));
  return {
    year: 2026,
    month,
    seller_country: 'DE',
    months,
    breakdown: [
      { country: 'AT', vat_treatment: 'eu-reverse-charge', ...figures(1, 0, 20_000, 0) },
      { country: 'CH', vat_treatment: 'outside-eu', ...figures(1, 0, 5_000, 950) },
      { country: 'DE', vat_treatment: 'domestic', ...figures(2, 1, 10_000, 1_900) },
    ],
    totals: [figures(4, 1, 35_000, 2_850)],
  };
}

const SUMMARY = '/api/invoices/export-invoice-summary';
const { createObjectURL: originalCreate, revokeObjectURL: originalRevoke } = URL;
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

function renderPage(url = '/invoice-summary?year=2026') {
  return renderWithProviders(
    <Suspense fallback={null}>
      <InvoiceSummaryPage />
    </Suspense>,
    { path: '/invoice-summary', url },
  );
}

describe('periodOf', () => {
  it('takes the year and month of the URL, this year when none or a wrong one is given', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(periodOf({ year: '2025', month: '3' }, now)).toEqual({ year: 2025, month: 3 });
    expect(periodOf({ year: '', month: '' }, now)).toEqual({ year: 2026, month: undefined });
    expect(periodOf({ year: '1999', month: '13' }, now)).toEqual({ year: 2026, month: undefined });
  });
});

describe('InvoiceSummaryPage', () => {
  it('shows a year by month and by country and VAT treatment, and follows the month picked', async () => {
    const calls = mockServer({
      [SUMMARY]: (call) => {
        const month = new URLSearchParams(call.search).get('month');
        return jsonResponse(summary(month ? Number(month) : null));
      },
    });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice summary' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('summary-month-row');
    expect(rows).toHaveLength(12);
    const march = within(rows[2]!);
    expect(march.getByRole('rowheader')).toHaveTextContent('March');
    expect(rows[2]).toHaveTextContent('41€350.00€28.50€378.50');
    expect(screen.getByTestId('summary-total-row')).toHaveTextContent('Total41€350.00€28.50€378.50');
    expect(screen.getByTestId('summary-total-total')).toHaveTextContent('€378.50');

    const breakdown = screen.getAllByTestId('summary-breakdown-row');
    expect(breakdown.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Austria',
      'Switzerland',
      'Germany',
    ]);
    expect(breakdown[0]).toHaveTextContent('EU, reverse charge');
    expect(breakdown[1]).toHaveTextContent('Outside the EU');
    expect(breakdown[2]).toHaveTextContent('Domestic21€100.00€19.00€119.00');
    // The chart is drawing only: the tables hold the figures for assistive technology.
    expect(screen.getByTestId('summary-chart')).toHaveAttribute('aria-hidden', 'true');
    expect(new URLSearchParams(calls[0]!.search).toString()).toBe('year=2026&format=json');

    await userEvent.selectOptions(screen.getByTestId('summary-month'), '3');
    await waitFor(() => expect(screen.getAllByTestId('summary-month-row')).toHaveLength(1));
    expect(new URLSearchParams(calls.at(-1)!.search).toString()).toBe('year=2026&month=3&format=json');
  });

  it('downloads the summary CSV and the receivables plan', async () => {
    const calls = mockServer({
      [SUMMARY]: (call) =>
        new URLSearchParams(call.search).get('format') === 'csv'
          ? new Response(new Blob(['section,net\r\n']), {
              headers: { 'content-disposition': 'attachment; filename="invoice-summary-2026.csv"' },
            })
          : jsonResponse(summary()),
      '/api/invoices/export-invoice-plan': () => new Response(new Blob(['row,bucket\r\n'])),
    });
    const createObjectURL = vi.fn(() => 'blob:file');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    renderPage();
    await screen.findAllByTestId('summary-month-row');

    await userEvent.click(screen.getByTestId('summary-download'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls.at(-1)).toMatchObject({ path: SUMMARY, search: '?year=2026&format=csv' });

    await userEvent.click(screen.getByTestId('summary-plan'));
    await userEvent.click(await screen.findByTestId('summary-plan-month'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    expect(calls.at(-1)).toMatchObject({
      path: '/api/invoices/export-invoice-plan',
      search: '?group=month&format=csv',
    });
  });

  it('mails the summary to the addresses entered, after checking them', async () => {
    const calls = mockServer({
      [SUMMARY]: () => jsonResponse(summary()),
      '/api/invoices/send-summary-mail': (call) =>
        jsonResponse({ message: 'queued', recipients: (call.body as { to: string[] }).to }, 202),
    });
    renderPage();
    await screen.findAllByTestId('summary-month-row');

    await userEvent.click(screen.getByTestId('summary-mail-open'));
    const recipients = await screen.findByRole('combobox', { name: 'Recipients' });
    expect(recipients).toHaveFocus();
    await userEvent.type(recipients, 'not-a-mail{Enter}');
    await userEvent.click(screen.getByTestId('summary-mail-send'));
    expect(await screen.findByText('The Email field must be a valid email')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Backspace in the empty field takes the last address off again.
    await userEvent.type(recipients, '{Backspace}books@practice.test{Enter}');
    await userEvent.click(screen.getByTestId('summary-mail-send'));
    expect(await screen.findByTestId('notification-success')).toHaveTextContent(
      'The summary is on its way to books@practice.test',
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/invoices/send-summary-mail',
      body: { year: 2026, to: ['books@practice.test'] },
    });
  });
});
