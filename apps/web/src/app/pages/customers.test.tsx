import type { Company } from '@cuspid/contracts/companies';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { COMPANY_ID, jsonResponse } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-app';
import { CustomersPage } from './customers';
import { MyCompanyPage } from './my-company';

const PARTNER_ID = '3f2b8c1d-9e4a-4b6c-8d7e-1a2b3c4d5e6f';

function company(overrides: Partial<Company> = {}): Company {
  return {
    id: COMPANY_ID,
    company_name: 'Praxis Weiss',
    company_number: '100001',
    vat_id: 'DE136695976',
    country: 'DE',
    address_line1: 'Hauptstraße 1',
    address_line2: null,
    city: 'Berlin',
    zip: '10115',
    invoice_email_address: 'billing@praxis.example',
    warning_mail_address: null,
    apply_reverse_charge: false,
    external_order_number: null,
    contact_person: 'Dr. Weiss',
    reseller: { id: PARTNER_ID, company_name: 'Dental Supply' },
    sales_partner: null,
    service_partner: null,
    has_logo: false,
    is_operator: false,
    bank_accounts: [
      {
        id: PARTNER_ID,
        iban: 'DE89370400440532013000',
        bic: null,
        bank_name: 'Bank',
        account_holder: null,
        is_default: true,
      },
    ],
    flag: null,
    tags: [],
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function mockApi() {
  const fetchMock = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/get-reseller-partner') {
      return Promise.resolve(
        jsonResponse({
          data: [
            { id: PARTNER_ID, company_name: 'Dental Supply', company_number: '1', country: 'DE', types: ['reseller'] },
          ],
          total: 1,
        }),
      );
    }
    if (url.pathname === '/api/companies') return Promise.resolve(jsonResponse({ data: [company()], total: 1 }));
    if (url.pathname === '/api/my-company') return Promise.resolve(jsonResponse(company()));
    if (url.pathname === '/api/companies-import') {
      return Promise.resolve(
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: 'Nothing was imported: 2 lines are not valid. Correct them and import the file again.',
            errors: [
              { line: 11, field: 'company_name', message: 'This field is required' },
              { line: 51, field: 'company_number', message: 'The company was not found' },
            ],
          },
          400,
        ),
      );
    }
    throw new Error(`unexpected ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const listQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((url) => url.pathname === '/api/companies')
    .map((url) => url.search);

describe('CustomersPage', () => {
  it('lists the companies of the page the URL names and sends the country and partner filters to the server', async () => {
    const fetchMock = mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <CustomersPage />
      </Suspense>,
      { path: '/customers', url: '/customers?page=2&country=AT' },
    );
    const table = await screen.findByTestId('customers-table');
    expect(await within(table).findByText('Praxis Weiss')).toBeInTheDocument();
    expect(within(table).getByText('Dental Supply')).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]).toBe('?page=2&per_page=25&country=AT');

    await screen.findByRole('option', { name: 'Dental Supply' });
    await userEvent.selectOptions(screen.getByTestId('customers-partner-filter'), PARTNER_ID);
    await vi.waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toBe(`?page=1&per_page=25&country=AT&partner_id=${PARTNER_ID}`),
    );
  });
});

describe('CustomersPage import', () => {
  it('uploads the chosen CSV and lists the refused lines in a table', async () => {
    const fetchMock = mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <CustomersPage />
      </Suspense>,
      { path: '/customers' },
    );
    await screen.findByTestId('customers-table');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['company_number\n'], 'companies.csv', { type: 'text/csv' }));
    const table = await screen.findByTestId('customers-import-errors');
    expect(within(table).getByText('51')).toBeInTheDocument();
    expect(within(table).getByText('The company was not found')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was imported: 2 lines are not valid/)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/api/companies-import'),
    ) as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });
});

describe('MyCompanyPage', () => {
  it("shows the user's own company with its details and bank account", async () => {
    mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <MyCompanyPage />
      </Suspense>,
      { path: '/my-company' },
    );
    expect(await screen.findByRole('heading', { name: 'Praxis Weiss' })).toBeInTheDocument();
    expect(screen.getByText('DE136695976')).toBeInTheDocument();
    expect(screen.getByText('Hauptstraße 1, 10115 Berlin')).toBeInTheDocument();
    expect(screen.getByText('DE89370400440532013000')).toBeInTheDocument();
  });
});
