import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { RedeemCouponCard } from './redeem-coupon-card';

const COUPON = '55555555-5555-4555-8555-555555555555';
const COMPANY = '66666666-6666-4666-8666-666666666666';

/** Stands for the credits screens: a query whose key starts with 'credits'. */
function CreditsProbe({ read }: { read: () => Promise<number> }) {
  const balance = useQuery({ queryKey: ['credits', 'balance'], queryFn: read });
  return <p data-testid="balance">{balance.data}</p>;
}

function mockRedeem(answers: (() => Response)[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/redeem-coupon') throw new Error(`unexpected ${url.pathname}`);
      bodies.push(JSON.parse(String(init?.body)));
      return answers.shift()!();
    }),
  );
  return bodies;
}

describe('RedeemCouponCard', () => {
  it('redeems a code, tells how many credits were added and reads the credits again', async () => {
    const bodies = mockRedeem([
      () =>
        jsonResponse({
          message: '10 free credits were added',
          coupon_id: COUPON,
          credits: 10,
          credit_type: 'free',
          balance: { company_id: COMPANY, balances: { free: 10, paid: 0 }, total: 10 },
        }),
    ]);
    let reads = 0;
    const read = async () => ++reads;
    renderWithProviders(
      <>
        <CreditsProbe read={read} />
        <RedeemCouponCard />
      </>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('1'));
    await userEvent.type(screen.getByTestId('redeem-coupon-code'), ' welcome10 ');
    await userEvent.click(screen.getByTestId('redeem-coupon-submit'));
    expect(await screen.findByTestId('notification-success')).toHaveTextContent(
      '10 free credits were added to your company',
    );
    expect(bodies).toEqual([{ code: 'welcome10' }]);
    await vi.waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('2'));
    expect(screen.getByTestId('redeem-coupon-code')).toHaveValue('');
  });

  it('shows a refusal on the field and asks for a code before calling', async () => {
    const bodies = mockRedeem([
      () =>
        jsonResponse(
          {
            code: 'COUPON_ALREADY_USED',
            message: 'This company has already used this coupon',
            errors: { code: ['This company has already used this coupon'] },
          },
          409,
        ),
    ]);
    renderWithProviders(<RedeemCouponCard companyId={COMPANY} />);
    await userEvent.click(screen.getByTestId('redeem-coupon-submit'));
    expect(await screen.findByText('Enter the coupon code')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(screen.getByTestId('redeem-coupon-code'), 'WELCOME10');
    await userEvent.click(screen.getByTestId('redeem-coupon-submit'));
    expect(await screen.findByText('This company has already used this coupon')).toBeInTheDocument();
    expect(bodies).toEqual([{ code: 'WELCOME10', company_id: COMPANY }]);
  });
});
