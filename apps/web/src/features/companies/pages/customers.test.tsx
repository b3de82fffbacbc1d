import type { Company } from '@cuspid/contracts/companies';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { COMPANY_ID, jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CustomerShowPage } from './customer-show';
import { CustomersPage } from './customers';
import { MyCompanyPage } from './my-company';

const PARTNER_ID = '3f2b8c1d-9e4a-4b6c-8d7e-1a2b3c4d5e6f';
const OTHER_ID = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const URGENT = '11111111-1111-4111-8111-111111111111';
const ON_HOLD = '33333333-3333-4333-8333-333333333333';
const VIP = '22222222-2222-4222-8222-222222222222';
const GOLD = '44444444-4444-4444-8444-444444444444';

const definition = (id: string, name: string, kind: 'flag' | 'tag', colour: string) => ({
  id,
  name,
  kind,
  colour,
  description: null,
  applies_to: ['company', 'case'],
  usage_count: 1,
  created_by: null,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
});
const DEFINITIONS = [
  definition(URGENT, 'Urgent', 'flag', '#E03131'),
  definition(ON_HOLD, 'On hold', 'flag', '#F59F00'),
  definition(GOLD, 'Gold', 'tag', '#F59F00'),
  definition(VIP, 'VIP', 'tag', '#7048E8'),
];

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

const IMPORT_REFUSED = {
  code: 'VALIDATION_FAILED',
  message: 'Nothing was imported: 2 lines are not valid. Correct them and import the file again.',
  errors: {
    'line 11': ['company_name: This field is required'],
    'line 51': ['company_number: The company was not found'],
  },
  lines: [
    { line: 11, field: 'company_name', message: 'This field is required' },
    { line: 51, field: 'company_number', message: 'The company was not found' },
  ],
  requestId: 'req-1',
};

function mockApi(companies: Company[] = [company()], importAnswer: [unknown, number] = [IMPORT_REFUSED, 400]) {
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/flags') {
      const kind = url.searchParams.get('kind');
      const data = DEFINITIONS.filter((d) => !kind || d.kind === kind);
      return Promise.resolve(jsonResponse({ data, total: data.length }));
    }
    if (url.pathname === '/api/update-flags') {
      const body = JSON.parse(String(init?.body));
      return Promise.resolve(
        jsonResponse({
          message: `The labels of ${body.ids.length} companies were saved`,
          data: body.ids.map((id: string) => ({ id, flag: null, tags: [] })),
          results: body.ids.map((id: string) => ({ id, ok: true })),
        }),
      );
    }
    if (url.pathname === `/api/companies/${COMPANY_ID}`) return Promise.resolve(jsonResponse(companies[0]));
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
    if (url.pathname === '/api/companies') {
      return Promise.resolve(jsonResponse({ data: companies, total: companies.length }));
    }
    if (url.pathname === '/api/my-company') return Promise.resolve(jsonResponse(company()));
    if (url.pathname === '/api/companies-import') return Promise.resolve(jsonResponse(...importAnswer));
    throw new Error(`unexpected ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const labelled = () =>
  company({
    flag: { id: URGENT, name: 'Urgent', colour: '#E03131' },
    tags: [{ id: VIP, name: 'VIP', colour: '#7048E8' }],
  });

/** The bodies of the POST /api/update-flags calls. */
const labelBodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).includes('/api/update-flags'))
    .map(([, init]) => JSON.parse(String((init as RequestInit | undefined)?.body)));

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

describe('CustomersPage flags and tags', () => {
  it('shows the flag and tags of each company and filters by flag and by tag on the server', async () => {
    const fetchMock = mockApi([labelled()]);
    renderWithProviders(
      <Suspense fallback={null}>
        <CustomersPage />
      </Suspense>,
      { path: '/customers', url: `/customers?flag=${URGENT}` },
    );
    const row = await screen.findByTestId('customer-row');
    expect(within(row).getByTestId('flag-badge')).toHaveTextContent('Urgent');
    expect(within(row).getByTestId('tag-badge')).toHaveTextContent('VIP');
    expect(listQueries(fetchMock)[0]).toBe(`?page=1&per_page=25&flag_id=${URGENT}`);

    await screen.findByRole('option', { name: 'Gold' });
    await userEvent.selectOptions(screen.getByTestId('customers-tag-filter'), GOLD);
    await vi.waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toBe(`?page=1&per_page=25&flag_id=${URGENT}&tag_id=${GOLD}`),
    );
  });

  it('sets a flag and adds a tag on the selected companies at once', async () => {
    const fetchMock = mockApi([company(), company({ id: OTHER_ID, company_name: 'Praxis Nord' })]);
    renderWithProviders(
      <Suspense fallback={null}>
        <CustomersPage />
      </Suspense>,
      { path: '/customers' },
    );
    await screen.findAllByTestId('customer-row');
    expect(screen.queryByTestId('customers-bulk-bar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Select Praxis Weiss'));
    await userEvent.click(screen.getByLabelText('Select Praxis Nord'));
    const bar = screen.getByTestId('customers-bulk-bar');
    expect(bar).toHaveTextContent('2 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Set flag and tags' }));

    const form = await screen.findByTestId('bulk-labels-form');
    await within(form).findByRole('option', { name: 'On hold' });
    await userEvent.selectOptions(within(form).getByLabelText('Flag'), ON_HOLD);
    await userEvent.click(within(form).getByTestId('bulk-labels-add-tags'));
    // The page's tag filter offers Gold too: pick it in the opened list.
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Gold' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() =>
      expect(labelBodies(fetchMock)).toEqual([
        {
          type: 'company',
          ids: [COMPANY_ID, OTHER_ID],
          flag_id: ON_HOLD,
          add_tag_ids: [GOLD],
          remove_tag_ids: [],
        },
      ]),
    );
    await vi.waitFor(() => expect(screen.queryByTestId('customers-bulk-bar')).not.toBeInTheDocument());
  });

  it('saves the flag and tags of one company from its page, sending only what changed', async () => {
    const fetchMock = mockApi([labelled()]);
    renderWithProviders(
      <Suspense fallback={null}>
        <CustomerShowPage />
      </Suspense>,
      { path: '/customers/:id/show', url: `/customers/${COMPANY_ID}/show` },
    );
    const editor = await screen.findByTestId('record-labels-editor');
    const save = within(editor).getByRole('button', { name: 'Save flag and tags' });
    expect(save).toBeDisabled();
    await userEvent.click(within(editor).getByTestId('labels-flag'));
    await userEvent.click(await screen.findByRole('option', { name: 'On hold' }));
    await userEvent.click(within(editor).getByTestId('labels-tags'));
    await userEvent.click(await screen.findByRole('option', { name: 'Gold' }));
    await userEvent.click(save);
    await vi.waitFor(() =>
      expect(labelBodies(fetchMock)).toEqual([
        { type: 'company', ids: [COMPANY_ID], flag_id: ON_HOLD, add_tag_ids: [GOLD], remove_tag_ids: [] },
      ]),
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
    expect(within(table).getByText('company_name')).toBeInTheDocument();
    expect(within(table).getByText('The company was not found')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(/Nothing was imported: 2 lines are not valid/)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/api/companies-import'),
    ) as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('says how many companies were imported and which encoding the file was read in', async () => {
    mockApi(undefined, [{ message: 'ok', created: 2, updated: 1, unchanged: 0, encoding: 'Windows-1252' }, 200]);
    renderWithProviders(
      <Suspense fallback={null}>
        <CustomersPage />
      </Suspense>,
      { path: '/customers' },
    );
    await screen.findByTestId('customers-table');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['company_number\n'], 'companies.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText('2 created, 1 updated, 0 unchanged (file read as Windows-1252)'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('customers-import-errors')).not.toBeInTheDocument();
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
