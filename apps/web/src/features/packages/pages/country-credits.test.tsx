import type { CountryCredit } from '@cuspid/contracts/packages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CountryCreditsPage } from './country-credits';

const germany: CountryCredit = {
  id: '11111111-1111-4111-8111-111111111111',
  country: 'DE',
  upper_tooth_credits: 3,
  lower_tooth_credits: 1,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

describe('CountryCreditsPage', () => {
  it('lists the tooth costs per country and adds a country in a modal', async () => {
    const calls = mockServer({
      '/api/country-credits': (call) =>
        call.method === 'POST'
          ? jsonResponse({ ...germany, country: 'AT' }, 201)
          : jsonResponse({ data: [germany], total: 1 }),
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <CountryCreditsPage />
      </Suspense>,
      { path: '/country-credits' },
    );
    const row = await screen.findByTestId('country-credit-row');
    expect(row).toHaveTextContent('Germany (DE)');
    expect(row).toHaveTextContent('3 credits');
    expect(row).toHaveTextContent('1 credit');
    expect(screen.getByRole('link', { name: 'Packages' })).toHaveAttribute('href', '/packages');

    await userEvent.click(screen.getByTestId('country-credit-add'));
    const form = await screen.findByTestId('country-credit-form');
    await userEvent.selectOptions(within(form).getByLabelText(/^Country/), 'AT');
    await userEvent.type(within(form).getByLabelText(/^Credits per upper jaw tooth/), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/^Credits per lower jaw tooth/), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        country: 'AT',
        upper_tooth_credits: 2,
        lower_tooth_credits: 0,
      }),
    );
  });
});
