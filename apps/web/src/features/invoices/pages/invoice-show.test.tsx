import type { Invoice, InvoiceMail, InvoiceStatus } from '@cuspid/contracts/invoices';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import {
  CREDIT_NOTE_ID,
  companyRecord,
  INVOICE_ID,
  invoiceRecord,
  operatorCompany,
  signInWith,
} from '../test-fixtures';
import { InvoiceShowPage } from './invoice-show';

const pdf = () =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="invoice.pdf"' },
  });

/** Answers the invoice, as `afterChange` once its status changed (with `invoiceMail`, where its mail went). */
function serve(
  invoice: Invoice,
  options: { staff?: boolean; afterChange?: Invoice; invoiceMail?: InvoiceMail | null } = {},
) {
  let current = invoice;
  return mockServer({
    [`/api/invoices/${INVOICE_ID}`]: () => jsonResponse(current),
    [`/api/invoices/${INVOICE_ID}/pdf`]: pdf,
    [`/api/update-invoice-status/${INVOICE_ID}`]: () => {
      current = options.afterChange ?? invoice;
      return jsonResponse({ ...current, invoice_mail: options.invoiceMail ?? null });
    },
    [`/api/invoices/${INVOICE_ID}/dunning`]: () => jsonResponse({ ...invoice, dunning_paused: true }),
    '/api/my-company': () =>
      jsonResponse(options.staff === false ? companyRecord({ company_name: 'Dental Supply' }) : operatorCompany()),
  });
}

function renderPage() {
  renderWithProviders(
    <Suspense fallback={null}>
      <InvoiceShowPage />
    </Suspense>,
    { path: '/invoices/:id/show', url: `/invoices/${INVOICE_ID}/show` },
  );
  return screen.findByTestId('invoice-show');
}

const ACTIONS = [
  'invoice-edit',
  'invoice-issue',
  'invoice-mark-paid',
  'invoice-cancel',
  'invoice-dunning',
  'invoice-delete',
];
const offered = () => ACTIONS.filter((id) => screen.queryByTestId(id) !== null);

const { createObjectURL: originalCreate, revokeObjectURL: originalRevoke } = URL;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:invoice-pdf');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

describe('InvoiceShowPage', () => {
  it('shows the invoice as issued: address, lines, tax per rate, totals, and its PDF', async () => {
    signInWith(['backoffice-invoice']);
    serve(
      invoiceRecord({
        dunning_level: 1,
        last_reminder_at: '2026-12-10T07:00:00.000Z',
        reminders: [
          {
            step: 1,
            level_name: 'Friendly reminder',
            fee: 500,
            mailed_to: 'billing@praxis.example',
            sent_at: '2026-12-10T07:00:00.000Z',
          },
        ],
      }),
    );
    const page = await renderPage();
    expect(within(page).getByTestId('invoice-title')).toHaveTextContent('Invoice 2026-000042');
    expect(within(page).getByTestId('invoice-date')).toHaveTextContent('Nov 20, 2026');
    expect(within(page).getByTestId('invoice-billing-address')).toHaveTextContent('Hauptstraße 1');
    expect(within(page).getByTestId('invoice-billing-address')).toHaveTextContent(
      'As it was when the invoice was issued.',
    );
    const lines = within(page).getAllByTestId('invoice-line');
    expect(lines[0]).toHaveTextContent('PKG-10Credits package 102€49.9919 %€99.98');
    expect(
      within(page)
        .getAllByTestId('invoice-total-tax')
        .map((row) => row.textContent),
    ).toEqual(['VAT 19 % on €99.98€19.00', 'VAT 7 % on €12.34€0.86']);
    expect(within(page).getByTestId('invoice-total')).toHaveTextContent('€132.18');
    expect(within(page).getByTestId('invoice-reminder')).toHaveTextContent(
      'Friendly reminder€5.00billing@praxis.example',
    );
    const frame = await within(page).findByTestId('invoice-pdf');
    expect(frame).toHaveAttribute('src', 'blob:invoice-pdf');
    expect(frame).toHaveAttribute('title', 'PDF of Invoice 2026-000042');
  });

  it.each<[InvoiceStatus, string[]]>([
    ['draft', ['invoice-edit', 'invoice-issue', 'invoice-delete']],
    ['open', ['invoice-mark-paid', 'invoice-cancel', 'invoice-dunning']],
    ['paid', ['invoice-cancel']],
    ['cancelled', []],
  ])('offers a %s invoice only the moves it allows', async (status, actions) => {
    signInWith(['backoffice-invoice']);
    serve(invoiceRecord({ status, ...(status === 'draft' ? { number: null } : {}) }));
    await renderPage();
    await vi.waitFor(() => expect(screen.getByTestId('invoice-actions')).toBeInTheDocument());
    expect(offered()).toEqual(actions);
  });

  it('offers a partner reading its customer’s invoice no action', async () => {
    signInWith(['backoffice-invoice'], ['reseller']);
    const calls = serve(invoiceRecord(), { staff: false });
    await renderPage();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/my-company')).toBe(true));
    await vi.waitFor(() => expect(screen.queryByTestId('invoice-actions')).not.toBeInTheDocument());
    expect(screen.getByTestId('invoice-pdf-download')).toBeInTheDocument();
  });

  it('shows a practice its own invoice without staff actions, and pays an open one by card where offered', async () => {
    signInWith(['backoffice-payment-history', 'backoffice-credit'], ['end-user']);
    const checkoutUrl = `${window.location.origin}${window.location.pathname}#stripe-checkout`;
    const calls = mockServer({
      [`/api/invoices/${INVOICE_ID}`]: () => jsonResponse(invoiceRecord({ card_payment: true })),
      [`/api/invoices/${INVOICE_ID}/pdf`]: pdf,
      [`/api/invoices/${INVOICE_ID}/checkout`]: () => jsonResponse({ checkout_url: checkoutUrl }),
      '/api/my-company': () => jsonResponse(companyRecord()),
    });
    await renderPage();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/my-company')).toBe(true));
    expect(screen.queryByTestId('invoice-actions')).not.toBeInTheDocument();
    expect(offered()).toEqual([]);
    expect(screen.getByTestId('invoice-pdf-download')).toBeInTheDocument();

    await userEvent.click(await screen.findByTestId('invoice-pay-by-card'));
    await vi.waitFor(() => expect(window.location.hash).toBe('#stripe-checkout'));
    expect(calls.find((c) => c.path === `/api/invoices/${INVOICE_ID}/checkout`)?.method).toBe('POST');
    window.location.hash = '';
  });

  it('offers no card payment where the server does not (not set up, or not an open invoice of the caller)', async () => {
    signInWith(['backoffice-payment-history', 'backoffice-credit'], ['end-user']);
    serve(invoiceRecord({ card_payment: false }), { staff: false });
    await renderPage();
    expect(await screen.findByTestId('invoice-pdf-download')).toBeInTheDocument();
    expect(screen.queryByTestId('invoice-pay-by-card')).not.toBeInTheDocument();
  });

  it('issues a draft, and says where its mail went', async () => {
    signInWith(['backoffice-invoice']);
    const calls = serve(invoiceRecord({ status: 'draft', number: null }), {
      afterChange: invoiceRecord(),
      invoiceMail: { recipients: 'invoice-address', to: ['rechnung@praxis-weiss.example'], not_sent: null },
    });
    const page = await renderPage();
    expect(within(page).getByTestId('invoice-title')).toHaveTextContent('Draft invoice for Praxis Weiss');
    await userEvent.click(await screen.findByTestId('invoice-issue'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: `/api/update-invoice-status/${INVOICE_ID}`,
        body: { status: 'open' },
      }),
    );
    expect(
      await screen.findByText('The invoice was issued as 2026-000042 and mailed to rechnung@praxis-weiss.example'),
    ).toBeInTheDocument();
  });

  it('issues a draft of a company without address or owner, and says that no mail was sent', async () => {
    signInWith(['backoffice-invoice']);
    serve(invoiceRecord({ status: 'draft', number: null }), {
      afterChange: invoiceRecord(),
      invoiceMail: { recipients: null, to: [], not_sent: 'no-recipient' },
    });
    await renderPage();
    await userEvent.click(await screen.findByTestId('invoice-issue'));
    expect(
      await screen.findByText(
        'The invoice was issued as 2026-000042. No mail was sent: the company has no invoice address and no user who buys its credits',
      ),
    ).toBeInTheDocument();
  });

  it('cancels an open invoice after saying that a credit note settles it, and links the credit note', async () => {
    signInWith(['backoffice-invoice']);
    const cancelled = invoiceRecord({ status: 'cancelled', credit_note_id: CREDIT_NOTE_ID });
    const calls = serve(invoiceRecord(), { afterChange: cancelled });
    await renderPage();
    await userEvent.click(await screen.findByTestId('invoice-cancel'));
    const dialog = await screen.findByTestId('invoice-cancel-dialog');
    expect(dialog).toHaveTextContent('A credit note for its full amount is issued');
    expect(dialog).toHaveTextContent('The credit note settles the unpaid invoice at once');
    expect(dialog).toHaveTextContent('Invoice 2026-000042');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.click(within(dialog).getByTestId('invoice-cancel-confirm'));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'cancelled' }));
    const link = within(await screen.findByTestId('invoice-credit-note')).getByRole('link');
    expect(link).toHaveAttribute('href', `/invoices/${CREDIT_NOTE_ID}/show`);
    // Nothing leaves cancelled.
    expect(offered()).toEqual([]);
  });

  it('links a credit note to the invoice it cancels', async () => {
    signInWith(['backoffice-invoice']);
    serve(
      invoiceRecord({
        type: 'credit-note',
        number: '2026-000043',
        cancels_invoice_id: CREDIT_NOTE_ID,
        status: 'paid',
      }),
    );
    const page = await renderPage();
    expect(within(page).getByTestId('invoice-title')).toHaveTextContent('Credit note 2026-000043');
    expect(within(within(page).getByTestId('invoice-cancels')).getByRole('link')).toHaveAttribute(
      'href',
      `/invoices/${CREDIT_NOTE_ID}/show`,
    );
  });
});
