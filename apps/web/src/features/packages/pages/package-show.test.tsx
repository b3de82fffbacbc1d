import type { CountryPackage, Package } from '@cuspid/contracts/packages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { PackageShowPage } from './package-show';

const ID = '11111111-1111-4111-8111-111111111111';
const SWISS = '22222222-2222-4222-8222-222222222222';
const pkg: Package = {
  id: ID,
  name: 'Starter',
  description: 'Ten credits to start with',
  credits: 10,
  price_cents: 9_900,
  currency: 'EUR',
  credit_type: 'paid',
  active: true,
  sort_order: 0,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};
const swiss: CountryPackage = {
  id: SWISS,
  package_id: ID,
  package_name: 'Starter',
  country: 'CH',
  price_cents: 10_500,
  currency: 'CHF',
  available: false,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

function renderPage() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <PackageShowPage />
    </Suspense>,
    { path: '/packages/:id/show', url: `/packages/${ID}/show` },
  );
}

describe('PackageShowPage', () => {
  it('shows the package and its prices per country, and adds one in a modal (in cents)', async () => {
    const calls = mockServer({
      [`/api/packages/${ID}`]: () => jsonResponse(pkg),
      '/api/country-packages': (call) =>
        call.method === 'POST'
          ? jsonResponse({ ...swiss, country: 'AT', price_cents: 8_950, currency: 'EUR', available: true }, 201)
          : jsonResponse({ data: [swiss], total: 1 }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    expect(screen.getByText('Ten credits to start with')).toBeInTheDocument();
    const row = await screen.findByTestId('country-price-row');
    expect(row).toHaveTextContent('Switzerland (CH)');
    expect(row).toHaveTextContent('CHF');
    expect(within(row).getByText('Not offered')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/country-packages')?.search).toContain(`package_id=${ID}`);

    await userEvent.click(screen.getByTestId('country-price-add'));
    const form = await screen.findByTestId('country-price-form');
    await userEvent.selectOptions(within(form).getByLabelText(/^Country/), 'AT');
    await userEvent.type(within(form).getByLabelText(/^Price/), '89.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        package_id: ID,
        country: 'AT',
        price_cents: 8_950,
        currency: 'EUR',
        available: true,
      }),
    );
  });

  it('shows a taken country on the field and removes a country price after asking', async () => {
    const calls = mockServer({
      [`/api/packages/${ID}`]: () => jsonResponse(pkg),
      '/api/country-packages': () => jsonResponse({ data: [swiss], total: 1 }),
      [`/api/country-packages/${SWISS}`]: (call) =>
        call.method === 'PUT'
          ? jsonResponse(
              {
                code: 'COUNTRY_PACKAGE_TAKEN',
                message: 'This package already has a price for DE',
                params: { country: 'DE' },
                errors: { country: ['This package already has a price for DE'] },
              },
              409,
            )
          : jsonResponse({ message: 'The country price was deleted' }),
    });
    renderPage();
    await screen.findByTestId('country-price-row');
    await userEvent.click(screen.getByRole('button', { name: 'Edit the price for CH' }));
    const form = await screen.findByTestId('country-price-form');
    expect(within(form).getByLabelText(/^Price/)).toHaveValue('105');
    await userEvent.selectOptions(within(form).getByLabelText(/^Country/), 'DE');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This package already has a price for DE')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      country: 'DE',
      price_cents: 10_500,
      currency: 'CHF',
      available: false,
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete the price for CH' }));
    const dialog = await screen.findByTestId('confirm-delete');
    expect(dialog).toHaveTextContent('Do you want to delete this record?');
    await userEvent.click(within(dialog).getByTestId('confirm-delete-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
