import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import {
  CREDIT_NOTE_ID,
  companyRecord,
  INVOICE_ID,
  invoiceListItem,
  operatorCompany,
  signInWith,
} from '../test-fixtures';
import { InvoicesPage } from './invoices';

const render = (url: string) =>
  renderWithProviders(
    <Suspense fallback={null}>
      <InvoicesPage />
    </Suspense>,
    { path: '/invoices', url },
  );

const rows = () => [
  invoiceListItem({ dunning_level: 2 }),
  invoiceListItem({
    id: CREDIT_NOTE_ID,
    number: '2026-000043',
    type: 'credit-note',
    status: 'paid',
    total: -13_218,
    cancels_invoice_id: INVOICE_ID,
    due_date: '2026-11-21',
    invoice_date: '2026-11-21',
  }),
];

const { createObjectURL: originalCreate, revokeObjectURL: originalRevoke } = URL;
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

describe('InvoicesPage', () => {
  it('lists invoices with their figures, sends its filters to the server and exports them as CSV', async () => {
    signInWith(['backoffice-invoice']);
    const calls = mockServer({
      '/api/invoices': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(operatorCompany()),
      '/api/invoices/download/csv': () =>
        new Response('number,type\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="invoices.csv"' },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const { router } = render('/invoices?status=open&from=2026-11-01&q=praxis');

    const found = await screen.findAllByTestId('invoice-row');
    expect(found).toHaveLength(2);
    const [invoice, creditNote] = found as [HTMLElement, HTMLElement];
    expect(within(invoice).getByRole('link', { name: '2026-000042' })).toHaveAttribute(
      'href',
      `/invoices/${INVOICE_ID}/show`,
    );
    expect(invoice).toHaveTextContent('Praxis Weiss');
    expect(invoice).toHaveTextContent('Invoice');
    expect(within(invoice).getByTestId('invoice-status')).toHaveTextContent('Open');
    expect(invoice).toHaveTextContent('Nov 20, 2026');
    expect(invoice).toHaveTextContent('Dec 4, 2026');
    expect(invoice).toHaveTextContent('€132.18');
    expect(invoice).toHaveTextContent('Level 2');
    expect(creditNote).toHaveTextContent('Credit note');
    expect(within(creditNote).getByTestId('invoice-status')).toHaveTextContent('Paid');
    expect(creditNote).toHaveTextContent('-€132.18');

    const list = () => calls.filter((c) => c.path === '/api/invoices');
    expect(Object.fromEntries(new URLSearchParams(list()[0]!.search))).toEqual({
      page: '1',
      per_page: '25',
      search: 'praxis',
      status: 'open',
      from: '2026-11-01',
    });
    // Staff create invoices.
    expect(await screen.findByTestId('invoice-create')).toHaveAttribute('href', '/invoices/create');

    await userEvent.selectOptions(screen.getByTestId('invoices-type-filter'), 'credit-note');
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('type')).toBe('credit-note'));
    await vi.waitFor(() => expect(new URLSearchParams(list().at(-1)!.search).get('type')).toBe('credit-note'));
    await userEvent.type(screen.getByLabelText('Issued until'), '2026-11-30');
    await vi.waitFor(() => expect(new URLSearchParams(list().at(-1)!.search).get('to')).toBe('2026-11-30'));

    // The export takes the list's filters and search, not its page.
    await userEvent.click(screen.getByTestId('invoices-csv'));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    const csv = calls.find((c) => c.path === '/api/invoices/download/csv')!;
    expect(Object.fromEntries(new URLSearchParams(csv.search))).toEqual({
      search: 'praxis',
      status: 'open',
      type: 'credit-note',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('offers no create button to a partner, who only reads its customers’ invoices', async () => {
    signInWith(['backoffice-invoice'], ['reseller']);
    mockServer({
      '/api/invoices': () => jsonResponse({ data: [], total: 0 }),
      '/api/my-company': () => jsonResponse(companyRecord({ company_name: 'Dental Supply' })),
    });
    render('/invoices');
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent('No invoices yet');
    expect(screen.getByTestId('invoices-csv')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByTestId('invoice-create')).not.toBeInTheDocument());
  });

  it('tells a partner reading invoices that they are its own and its customers’', async () => {
    signInWith(['backoffice-payment-history', 'backoffice-company'], ['reseller']);
    mockServer({
      '/api/invoices': () => jsonResponse({ data: [], total: 0 }),
      '/api/my-company': () => jsonResponse(companyRecord({ company_name: 'Dental Supply' })),
      '/api/companies': () => jsonResponse({ data: [], total: 3 }),
    });
    render('/invoices');
    expect(
      await screen.findByText(/^The invoices and credit notes of your company and of the companies you look after/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Your company's invoices/)).not.toBeInTheDocument();
  });

  it('shows a practice its own invoices read-only: no company, dunning, export or draft filter; each row saves its PDF', async () => {
    signInWith(['backoffice-payment-history', 'backoffice-credit'], ['end-user']);
    const calls = mockServer({
      '/api/invoices': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(companyRecord()),
      [`/api/invoices/${INVOICE_ID}/pdf`]: () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="x.pdf"' },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    render('/invoices');

    const [invoice, creditNote] = (await screen.findAllByTestId('invoice-row')) as [HTMLElement, HTMLElement];
    expect(screen.getByTestId('invoices-page')).toHaveTextContent("Your company's invoices and credit notes");
    expect(within(invoice).getByRole('link', { name: '2026-000042' })).toHaveAttribute(
      'href',
      `/invoices/${INVOICE_ID}/show`,
    );
    expect(invoice).toHaveTextContent('Nov 20, 2026');
    expect(invoice).toHaveTextContent('Dec 4, 2026');
    expect(within(invoice).getByTestId('invoice-status')).toHaveTextContent('Open');
    expect(invoice).toHaveTextContent('€132.18');
    expect(creditNote).toHaveTextContent('Credit note');
    // What the back office sees of the companies and their dunning is not shown, nor offered.
    expect(invoice).not.toHaveTextContent('Praxis Weiss');
    expect(invoice).not.toHaveTextContent('Level 2');
    expect(screen.queryByTestId('invoices-csv')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invoice-create')).not.toBeInTheDocument();
    const statuses = [...screen.getByTestId('invoices-status-filter').querySelectorAll('option')].map(
      (option) => option.textContent,
    );
    expect(statuses).toEqual(['All statuses', 'Open', 'Paid', 'Cancelled']);

    await userEvent.click(within(invoice).getByTestId('invoice-row-pdf'));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => c.path === `/api/invoices/${INVOICE_ID}/pdf`)).toBe(true);
  });

  it('tells a practice without invoices where they come from', async () => {
    signInWith(['backoffice-payment-history'], ['end-user']);
    mockServer({
      '/api/invoices': () => jsonResponse({ data: [], total: 0 }),
      '/api/my-company': () => jsonResponse(companyRecord()),
    });
    render('/invoices');
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent(
      'An invoice appears here as soon as you buy a package.',
    );
  });
});
