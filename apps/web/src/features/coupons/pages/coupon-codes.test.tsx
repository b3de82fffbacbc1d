import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { couponRecord, WELCOME } from '../test-fixtures';
import { CouponCodesPage } from './coupon-codes';

const SPRING = '44444444-4444-4444-8444-444444444444';

type Call = { path: string; method: string; search: string };

function mockApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ path: url.pathname, method: init?.method ?? 'GET', search: url.search });
      if (url.pathname === '/api/coupon-codes') {
        const spring = couponRecord({
          id: SPRING,
          code: 'SPRING15',
          kind: 'percent',
          credits: null,
          credit_type: null,
          percent_off: 15,
          description: null,
          free_users: null,
          max_uses: 100,
          uses: 100,
          status: 'used_up',
          starts_at: '2026-03-01T00:00:00.000Z',
          ends_at: '2026-05-31T21:59:00.000Z',
        });
        return jsonResponse({ data: [couponRecord(), spring], total: 2 });
      }
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
  return calls;
}

describe('CouponCodesPage', () => {
  it('lists coupons with what they give, their use, validity and status', async () => {
    const calls = mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <CouponCodesPage />
      </Suspense>,
      { path: '/coupon-codes', url: '/coupon-codes?status=active' },
    );
    const rows = await screen.findAllByTestId('coupon-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'WELCOME10' })).toHaveAttribute(
      'href',
      `/coupon-codes/${WELCOME}/show`,
    );
    expect(within(rows[0]!).getByText('10 free credits')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('3 / ∞')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('3 / 50')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Always')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('coupon-status')).toHaveTextContent('Active');
    expect(within(rows[1]!).getByText('15 % off a package')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('100 / 100')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('coupon-status')).toHaveTextContent('Used up');
    expect(calls[0]!.search).toBe('?page=1&per_page=25&status=active');

    await userEvent.selectOptions(screen.getByTestId('coupon-kind-filter'), 'percent');
    await vi.waitFor(() => expect(calls.at(-1)!.search).toBe('?page=1&per_page=25&status=active&kind=percent'));
  });
});
