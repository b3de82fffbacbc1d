import type { BalanceHistory, CreditBalance, CreditEntry } from '@cuspid/contracts/credits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse, mockServer, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { BalanceHistoryChart } from './balance-history-chart';
import { CreditBalanceCards } from './credit-balance-cards';
import { CreditHistoryTable } from './credit-history-table';
import { GrantCreditsButton } from './grant-credits-modal';

const PRACTICE_ID = '5e0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const ADMIN_ID = '0b9c5b9e-5a0e-4c7a-9a55-1f6b3f1d2a01';
const CASE_ID = 'c0ffee00-1111-4222-8333-444455556666';

const balance = (free: number, paid: number): CreditBalance => ({
  company_id: PRACTICE_ID,
  balances: { free, paid },
  total: free + paid,
});

function entry(overrides: Partial<CreditEntry> = {}): CreditEntry {
  return {
    id: crypto.randomUUID(),
    booking_id: crypto.randomUUID(),
    company_id: PRACTICE_ID,
    credit_type: 'free',
    amount: 50,
    balance_after: 50,
    reason: 'manual_grant',
    case_id: null,
    case_name: null,
    invoice_id: null,
    invoice_number: null,
    coupon_id: null,
    coupon_code: null,
    package_id: null,
    package_name: null,
    refund_of: null,
    note: 'Welcome gift',
    created_by: { id: ADMIN_ID, name: 'Ada Admin' },
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const search = (call: RecordedCall) => new URLSearchParams(call.search);

function render(ui: React.ReactNode, url = '/credits') {
  return renderWithProviders(<Suspense fallback={null}>{ui}</Suspense>, { path: '/credits', url });
}

beforeEach(() => {
  sessionStore.signIn(loginResponse({ roles: ['end-user'] }));
  sessionStore.setPermissionTitles(['backoffice-credit']);
});

describe('CreditBalanceCards', () => {
  it("shows the company's free, paid and total credits and the spending rule", async () => {
    const calls = mockServer({ '/api/get-credits': () => jsonResponse(balance(1200, 35)) });
    render(<CreditBalanceCards companyId={PRACTICE_ID} />);

    expect(await within(await screen.findByTestId('credit-balance-free')).findByText('1,200')).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance-paid')).toHaveTextContent('Paid credits35');
    expect(screen.getByTestId('credit-balance-total')).toHaveTextContent('Total1,235');
    expect(screen.getByTestId('credit-spending-rule')).toHaveTextContent(
      'Free credits are used first, then paid ones.',
    );
    expect(search(calls[0]!).get('company_id')).toBe(PRACTICE_ID);
  });

  it('says when the balance cannot be loaded', async () => {
    mockServer({ '/api/get-credits': () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404) });
    render(<CreditBalanceCards companyId={PRACTICE_ID} />);
    expect(await screen.findByTestId('credit-balance-error')).toHaveTextContent('The credits could not be loaded');
  });
});

describe('CreditHistoryTable', () => {
  const spend = entry({
    credit_type: 'paid',
    amount: -3,
    balance_after: 17,
    reason: 'case_submission',
    case_id: CASE_ID,
    case_name: 'Crown 16',
    note: null,
    created_by: null,
  });
  const coupon = entry({ amount: 20, balance_after: 70, reason: 'coupon', coupon_code: 'WELCOME20', note: null });

  it('lists the entries with signed amounts, balance after, translated reasons, references and who', async () => {
    mockServer({ [`/api/credit-history/${PRACTICE_ID}`]: () => jsonResponse({ data: [spend, coupon], total: 2 }) });
    render(<CreditHistoryTable companyId={PRACTICE_ID} />);

    const [first, second] = await screen.findAllByTestId('credit-entry');
    // The sign is written out: colour is not the only mark of what was taken.
    expect(within(first!).getByTestId('credit-amount')).toHaveTextContent('\u22123');
    expect(first).toHaveTextContent('Paid credits');
    expect(first).toHaveTextContent('17');
    expect(first).toHaveTextContent('Case submission');
    // The case by its name, linked to its page (not "Case c0ffee00").
    expect(within(first!).getByTestId('credit-ref-case')).toHaveTextContent('Case Crown 16');
    expect(within(first!).getByTestId('credit-ref-case')).toHaveAttribute('href', `/my-cases/${CASE_ID}/show`);
    expect(first).toHaveTextContent('System');
    expect(within(second!).getByTestId('credit-amount')).toHaveTextContent('+20');
    expect(second).toHaveTextContent('Coupon WELCOME20');
    expect(second).toHaveTextContent('Ada Admin');
  });

  it('puts the filters, the search and the sort in the URL and sends them to the server', async () => {
    const calls = mockServer({ [`/api/credit-history/${PRACTICE_ID}`]: () => jsonResponse({ data: [], total: 0 }) });
    const { router } = render(<CreditHistoryTable companyId={PRACTICE_ID} />, '/credits?tab=credits');
    expect(await screen.findByTestId('credit-history-empty')).toHaveTextContent('No bookings yet');

    await userEvent.selectOptions(screen.getByTestId('credit-history-type'), 'paid');
    await userEvent.selectOptions(screen.getByTestId('credit-history-reason'), 'expiry');
    await userEvent.type(screen.getByTestId('credit-history-from'), '2026-11-01');
    await userEvent.type(screen.getByTestId('credit-history-to'), '2026-11-30');
    await userEvent.type(screen.getByTestId('credit-history-search'), 'gift');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('gift'));

    const url = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(url)).toEqual({
      tab: 'credits',
      credit_type: 'paid',
      reason: 'expiry',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'gift',
    });
    await waitFor(() => expect(calls.some((call) => search(call).get('search') === 'gift')).toBe(true));
    const last = search(calls.at(-1)!);
    expect(Object.fromEntries(last)).toEqual({
      page: '1',
      per_page: '25',
      search: 'gift',
      credit_type: 'paid',
      reason: 'expiry',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(await screen.findByTestId('credit-history-empty')).toHaveTextContent('No booking matches');
  });

  it('reads filters and the sort from the URL it is opened with, ignoring values that are not allowed', async () => {
    const calls = mockServer({
      [`/api/credit-history/${PRACTICE_ID}`]: () => jsonResponse({ data: [coupon], total: 1 }),
    });
    render(
      <CreditHistoryTable companyId={PRACTICE_ID} />,
      '/credits?credit_type=gold&reason=coupon&from=yesterday&sort=amount&dir=desc&page=1',
    );
    await screen.findAllByTestId('credit-entry');
    expect(Object.fromEntries(search(calls[0]!))).toEqual({
      page: '1',
      per_page: '25',
      reason: 'coupon',
      sort_by: 'amount',
      sort_dir: 'desc',
    });
    expect(screen.getByTestId('credit-history-type')).toHaveValue('');
  });
});

describe('GrantCreditsModal', () => {
  async function open() {
    await userEvent.click(screen.getByTestId('grant-credits-open'));
    return screen.findByTestId('grant-credits-form');
  }

  it('checks the sign against the reason and asks for a note before sending anything', async () => {
    const calls = mockServer({});
    render(<GrantCreditsButton companyId={PRACTICE_ID} />);
    const form = await open();

    await userEvent.click(within(form).getByTestId('grant-credits-submit'));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(within(form).getByText('Say in a few words why (at least 3 characters)')).toBeInTheDocument();

    // An expiry takes credits: a positive amount is refused.
    await userEvent.selectOptions(within(form).getByTestId('grant-credits-reason'), 'expiry');
    await userEvent.type(within(form).getByTestId('grant-credits-amount'), '10');
    await userEvent.type(within(form).getByTestId('grant-credits-note'), 'Lapsed');
    await userEvent.click(within(form).getByTestId('grant-credits-submit'));
    expect(await within(form).findByText('An expiry takes credits: the amount must be negative')).toBeInTheDocument();

    // A correction may go either way, but never 0.
    await userEvent.selectOptions(within(form).getByTestId('grant-credits-reason'), 'correction');
    await userEvent.clear(within(form).getByTestId('grant-credits-amount'));
    await userEvent.type(within(form).getByTestId('grant-credits-amount'), '0');
    await userEvent.click(within(form).getByTestId('grant-credits-submit'));
    expect(await within(form).findByText('The amount cannot be 0')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('books a grant, says so with the new balance and refreshes every credits query', async () => {
    const calls = mockServer({
      '/api/get-credits': [() => jsonResponse(balance(0, 0)), () => jsonResponse(balance(50, 0))],
      '/api/grant-credits': () =>
        jsonResponse({ message: 'Credits were booked', entries: [entry()], balance: balance(50, 0) }, 201),
    });
    render(
      <>
        <CreditBalanceCards companyId={PRACTICE_ID} />
        <GrantCreditsButton companyId={PRACTICE_ID} />
      </>,
    );
    expect(await within(screen.getByTestId('credit-balance-free')).findByText('0')).toBeInTheDocument();
    const form = await open();
    await userEvent.type(within(form).getByTestId('grant-credits-amount'), '50');
    await userEvent.type(within(form).getByTestId('grant-credits-note'), 'Welcome gift');
    await userEvent.click(within(form).getByTestId('grant-credits-submit'));

    expect(await screen.findByText('The credits were booked. New balance: 50')).toBeInTheDocument();
    const post = calls.find((call) => call.path === '/api/grant-credits')!;
    expect(post.body).toEqual({
      company_id: PRACTICE_ID,
      credit_type: 'free',
      amount: 50,
      reason: 'manual_grant',
      note: 'Welcome gift',
    });
    expect(await within(screen.getByTestId('credit-balance-free')).findByText('50')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/get-credits')).toHaveLength(2);
  });

  it("shows the server's field errors on the form, in the user's language", async () => {
    mockServer({
      '/api/grant-credits': () =>
        jsonResponse(
          {
            code: 'VALIDATION',
            message: 'The request is not valid',
            errors: { amount: ['A grant adds credits: the amount must be positive'] },
          },
          400,
        ),
    });
    render(<GrantCreditsButton companyId={PRACTICE_ID} />);
    const form = await open();
    await userEvent.selectOptions(within(form).getByTestId('grant-credits-reason'), 'correction');
    await userEvent.type(within(form).getByTestId('grant-credits-amount'), '5');
    await userEvent.type(within(form).getByTestId('grant-credits-note'), 'Typo last week');
    await userEvent.click(within(form).getByTestId('grant-credits-submit'));
    expect(await within(form).findByText('A grant adds credits: the amount must be positive')).toBeInTheDocument();
    expect(await screen.findByTestId('notification-error')).toBeInTheDocument();
  });
});

describe('BalanceHistoryChart', () => {
  const history: BalanceHistory = {
    company_id: PRACTICE_ID,
    interval: 'day',
    data: [
      { date: '2026-11-23', free: 0, paid: 0, total: 0 },
      { date: '2026-11-24', free: 50, paid: 0, total: 50 },
      { date: '2026-11-25', free: 47, paid: 100, total: 147 },
    ],
  };

  it('asks for the last 90 days per day and gives screen readers the figures as a table', async () => {
    const calls = mockServer({ [`/api/balance-history/${PRACTICE_ID}`]: () => jsonResponse(history) });
    render(<BalanceHistoryChart companyId={PRACTICE_ID} />);

    const summary = await screen.findByTestId('balance-history-summary');
    expect(
      within(summary).getByText(/^Balance at the end of each day from Nov 23, 2026 to Nov 25, 2026$/),
    ).toBeInTheDocument();
    const rows = within(summary).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateFree creditsPaid creditsTotal',
      'Nov 23, 2026000',
      'Nov 24, 202650050',
      'Nov 25, 202647100147',
    ]);
    const query = search(calls[0]!);
    expect(query.get('interval')).toBe('day');
    const days = (Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000;
    expect(days).toBe(89);
  });

  it('switches to months and a longer period', async () => {
    const calls = mockServer({ [`/api/balance-history/${PRACTICE_ID}`]: () => jsonResponse(history) });
    render(<BalanceHistoryChart companyId={PRACTICE_ID} />);
    await screen.findByTestId('balance-history-summary');
    await userEvent.click(screen.getByRole('radio', { name: 'Per month' }));
    await userEvent.selectOptions(screen.getByTestId('balance-history-range'), '730');
    await waitFor(() => expect(search(calls.at(-1)!).get('interval')).toBe('month'));
    const query = search(calls.at(-1)!);
    expect((Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000).toBe(729);
  });
});
