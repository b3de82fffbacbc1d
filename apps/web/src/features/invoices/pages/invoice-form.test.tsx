import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { companyRecord, INVOICE_ID, invoiceRecord, operatorCompany, PRAXIS_ID, signInWith } from '../test-fixtures';
import { InvoiceCreatePage, InvoiceEditPage } from './invoice-form';

const draft = invoiceRecord({
  status: 'draft',
  number: null,
  invoice_date: null,
  due_date: null,
  issued_at: null,
});

function renderCreate() {
  renderWithProviders(
    <Suspense fallback={null}>
      <InvoiceCreatePage />
    </Suspense>,
    { path: '/invoices/create' },
  );
  return screen.findByTestId('invoice-form');
}

function renderEdit() {
  renderWithProviders(
    <Suspense fallback={null}>
      <InvoiceEditPage />
    </Suspense>,
    { path: '/invoices/:id/edit', url: `/invoices/${INVOICE_ID}/edit` },
  );
}

/** Replaces what an input holds with `text`. */
async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

const totals = () => screen.getByTestId('invoice-totals');
const taxRows = () =>
  within(totals())
    .getAllByTestId('invoice-total-tax')
    .map((row) => row.textContent);

describe('InvoiceForm', () => {
  it("checks a draft with the contracts before saving, and words the server's refusals as its own", async () => {
    signInWith(['backoffice-invoice']);
    const calls = mockServer({
      '/api/my-company': () => jsonResponse(operatorCompany()),
      '/api/companies': () => jsonResponse({ data: [companyRecord()], total: 1 }),
      '/api/invoices': () =>
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: 'The request is invalid',
            errors: {
              'lines.0.unit_price': ['Enter a price in cents'],
              'lines.0.quantity': ['Enter a quantity from 1 to 10000'],
            },
          },
          400,
        ),
    });
    const form = await renderCreate();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // The company, the line's name and its price.
    expect(await within(form).findAllByText('This field is required')).toHaveLength(3);
    expect(within(form).getByRole('textbox', { name: 'Name, line 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/invoices')).toEqual([]);

    await userEvent.click(within(form).getByTestId('invoice-company'));
    await userEvent.click(await screen.findByRole('option', { name: 'Praxis Weiss' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name, line 1' }), 'Credits');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Unit price, line 1' }), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Enter a unit price from −€21,474,836.47 to €21,474,836.47'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Enter a quantity from 1 to 10000')).toBeInTheDocument();
  });

  it('computes the totals while typing and sends the prices in cents and the tax rates in basis points', async () => {
    signInWith(['backoffice-invoice']);
    const calls = mockServer({
      '/api/my-company': () => jsonResponse(operatorCompany()),
      '/api/companies': () => jsonResponse({ data: [companyRecord()], total: 1 }),
      '/api/invoices': () => jsonResponse(draft, 201),
    });
    const form = await renderCreate();

    await userEvent.click(within(form).getByTestId('invoice-company'));
    await userEvent.click(await screen.findByRole('option', { name: 'Praxis Weiss' }));

    await userEvent.type(within(form).getByRole('textbox', { name: 'Article number, line 1' }), 'PKG-10');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name, line 1' }), 'Credits package 10');
    await retype(within(form).getByRole('textbox', { name: 'Quantity, line 1' }), '2');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Unit price, line 1' }), '49.99');
    expect(within(form).getByTestId('invoice-line-net')).toHaveTextContent('€99.98');
    expect(within(totals()).getByTestId('invoice-total-net')).toHaveTextContent('€99.98');
    expect(taxRows()).toEqual(['VAT 19 % on €99.98€19.00']);
    expect(within(totals()).getByTestId('invoice-total')).toHaveTextContent('€118.98');

    // A new line takes the rate of the line above; each rate is taxed on its own net.
    await userEvent.click(within(form).getByTestId('invoice-line-add'));
    const rate = within(form).getByRole('textbox', { name: 'Tax rate, line 2' });
    expect(rate).toHaveValue('19 %');
    await retype(rate, '7');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name, line 2' }), 'Shipping');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Unit price, line 2' }), '12.34');
    expect(taxRows()).toEqual(['VAT 19 % on €99.98€19.00', 'VAT 7 % on €12.34€0.86']);
    expect(within(totals()).getByTestId('invoice-total-net')).toHaveTextContent('€112.32');
    expect(within(totals()).getByTestId('invoice-total')).toHaveTextContent('€132.18');

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/invoices' && c.method === 'POST')!.body).toEqual({
      company_id: PRAXIS_ID,
      lines: [
        { article_number: 'PKG-10', name: 'Credits package 10', quantity: 2, unit_price: 4_999, tax_rate: 1900 },
        { article_number: null, name: 'Shipping', quantity: 1, unit_price: 1_234, tax_rate: 700 },
      ],
      payment_term_days: 14,
      notes: null,
    });
  });

  it('invoices an EU business customer of another member state at 0 % under the reverse charge', async () => {
    signInWith(['backoffice-invoice']);
    mockServer({
      '/api/my-company': () => jsonResponse(operatorCompany()),
      '/api/companies': () =>
        jsonResponse({
          data: [
            companyRecord({
              company_name: 'Cabinet Dupont',
              country: 'FR',
              vat_id: 'FR40303265045',
              apply_reverse_charge: true,
            }),
          ],
          total: 1,
        }),
    });
    const form = await renderCreate();
    await userEvent.click(within(form).getByTestId('invoice-company'));
    await userEvent.click(await screen.findByRole('option', { name: 'Cabinet Dupont' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Unit price, line 1' }), '100');
    expect(within(form).getByTestId('invoice-reverse-charge')).toBeInTheDocument();
    expect(taxRows()).toEqual(['VAT (reverse charge)€0.00']);
    expect(within(totals()).getByTestId('invoice-total')).toHaveTextContent('€100.00');
  });

  it('edits a draft: its lines, term and notes, never its company', async () => {
    signInWith(['backoffice-invoice']);
    const calls = mockServer({
      '/api/my-company': () => jsonResponse(operatorCompany()),
      [`/api/invoices/${INVOICE_ID}`]: () => jsonResponse(draft),
    });
    renderEdit();
    const form = await screen.findByTestId('invoice-form');
    expect(within(form).getByTestId('invoice-company-name')).toHaveTextContent('Praxis Weiss');
    const price = within(form).getByRole('textbox', { name: 'Unit price, line 2' });
    expect(price).toHaveValue('12.34');
    expect(within(form).getByRole('textbox', { name: 'Tax rate, line 2' })).toHaveValue('7 %');
    await retype(price, '10.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove line 1' }));
    expect(within(totals()).getByTestId('invoice-total')).toHaveTextContent('€11.24');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      lines: [{ article_number: null, name: 'Shipping', quantity: 1, unit_price: 1_050, tax_rate: 700 }],
      payment_term_days: 14,
      notes: null,
    });
  });

  it('edits no issued invoice', async () => {
    signInWith(['backoffice-invoice']);
    mockServer({ [`/api/invoices/${INVOICE_ID}`]: () => jsonResponse(invoiceRecord()) });
    renderEdit();
    expect(await screen.findByTestId('invoice-not-draft')).toHaveTextContent('This invoice is issued');
    expect(screen.queryByTestId('invoice-form')).not.toBeInTheDocument();
  });
});
