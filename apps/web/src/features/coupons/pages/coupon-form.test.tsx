import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { couponRecord, WELCOME } from '../test-fixtures';
import { CouponCreatePage, CouponEditPage } from './coupon-form';

type Call = { path: string; method: string; body: unknown };

const PACKAGE = '77777777-7777-4777-8777-777777777777';
const editable = couponRecord({
  kind: 'percent',
  credits: null,
  credit_type: null,
  percent_off: 15,
  package_ids: [PACKAGE],
  starts_at: '2026-12-01T00:00:00.000Z',
  ends_at: '2026-12-31T23:59:00.000Z',
});

function mockApi(answer: () => Response = () => jsonResponse(couponRecord(), 201)) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({
        path: url.pathname,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/coupon-codes' && init?.method === 'POST') return answer();
      if (url.pathname === `/api/coupon-codes/${WELCOME}` && (init?.method ?? 'GET') === 'GET')
        return jsonResponse(editable);
      if (url.pathname === `/api/coupon-codes/${WELCOME}` && init?.method === 'PUT') return jsonResponse(editable);
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
  return calls;
}

function renderForm() {
  renderWithProviders(
    <Suspense fallback={null}>
      <CouponCreatePage />
    </Suspense>,
    { path: '/coupon-codes/create' },
  );
  return screen.findByTestId('coupon-form');
}

describe('CouponForm', () => {
  it('shows the fields of the chosen kind and checks them before saving', async () => {
    const calls = mockApi();
    const form = await renderForm();
    expect(within(form).getByRole('textbox', { name: /^Credits/ })).toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Discount in percent/)).not.toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the coupon code')).toBeInTheDocument();
    expect(within(form).getByText('Enter the credits the coupon grants')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(/^Code/), 'ab');
    await userEvent.click(within(form).getByText('Percent discount'));
    expect(within(form).queryByRole('textbox', { name: /^Credits/ })).not.toBeInTheDocument();
    const percent = within(form).getByLabelText(/^Discount in percent/);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Use 3 to 64 letters, digits, - or _')).toBeInTheDocument();
    expect(within(form).getByText('Enter a percentage between 1 and 100')).toBeInTheDocument();

    await userEvent.click(within(form).getByText('Fixed discount'));
    expect(within(form).getByLabelText(/^Discount amount/)).toBeInTheDocument();
    expect(percent).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('refuses an end date before the start date', async () => {
    mockApi();
    const form = await renderForm();
    await userEvent.type(within(form).getByLabelText(/^Code/), 'WELCOME10');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Credits/ }), '10');
    await userEvent.type(within(form).getByLabelText('Start date'), '2026-12-10');
    await userEvent.type(within(form).getByLabelText('End date'), '2026-12-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The end date must be after the start date')).toBeInTheDocument();
  });

  it('saves a credits coupon and opens it', async () => {
    const calls = mockApi();
    const form = await renderForm();
    await userEvent.type(within(form).getByLabelText(/^Code/), 'WELCOME10');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Credits/ }), '10');
    await userEvent.type(within(form).getByLabelText(/^Free users/), '50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
    expect(calls[0]!.body).toEqual({
      code: 'WELCOME10',
      description: null,
      kind: 'credits',
      credits: 10,
      credit_type: 'free',
      percent_off: null,
      amount_off_cents: null,
      currency: 'EUR',
      package_ids: [],
      free_users: 50,
      max_uses: null,
      max_uses_per_company: 1,
      starts_at: null,
      ends_at: null,
      active: true,
    });
    expect(WELCOME).toBeTruthy();
  });

  it("shows the server's refusal of a taken code on the field", async () => {
    mockApi(() =>
      jsonResponse(
        {
          code: 'COUPON_CODE_TAKEN',
          message: 'A coupon with the code "welcome10" already exists',
          params: { code: 'welcome10' },
          errors: { code: ['A coupon with the code "welcome10" already exists'] },
        },
        409,
      ),
    );
    const form = await renderForm();
    await userEvent.type(within(form).getByLabelText(/^Code/), 'welcome10');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Credits/ }), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A coupon with the code "welcome10" already exists')).toBeInTheDocument();
  });

  it('edits a coupon and keeps what the form does not show', async () => {
    const calls = mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <CouponEditPage />
      </Suspense>,
      { path: '/coupon-codes/:id/edit', url: `/coupon-codes/${WELCOME}/edit` },
    );
    const form = await screen.findByTestId('coupon-form');
    const percent = within(form).getByRole('textbox', { name: /^Discount in percent/ });
    await vi.waitFor(() => expect(percent).toHaveValue('15 %'));
    expect(within(form).getByLabelText('Start date')).toHaveValue('12/01/2026');
    await userEvent.clear(percent);
    await userEvent.type(percent, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      kind: 'percent',
      percent_off: 20,
      credits: null,
      package_ids: [PACKAGE],
      starts_at: '2026-12-01T00:00:00.000Z',
      ends_at: '2026-12-31T23:59:00.000Z',
    });
  });
});
