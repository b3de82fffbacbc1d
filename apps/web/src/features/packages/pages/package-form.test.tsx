import type { Package } from '@cuspid/contracts/packages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { PackageCreatePage, PackageEditPage } from './package-form';

const ID = '11111111-1111-4111-8111-111111111111';
const saved: Package = {
  id: ID,
  name: 'Starter',
  description: null,
  credits: 10,
  price_cents: 9_950,
  currency: 'EUR',
  credit_type: 'paid',
  active: true,
  sort_order: 0,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

const render = (ui: React.ReactNode, path: string, url = path) =>
  renderWithProviders(<Suspense fallback={null}>{ui}</Suspense>, { path, url });

describe('the package form', () => {
  it('creates a package, sending the price in cents, and opens it', async () => {
    const calls = mockServer({ '/api/packages': () => jsonResponse(saved, 201) });
    const { router } = render(<PackageCreatePage />, '/packages/create');
    const form = await screen.findByTestId('package-form');
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Starter');
    await userEvent.type(within(form).getByLabelText(/^Credits/), '10');
    await userEvent.type(within(form).getByLabelText(/^Price/), '99.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => {
      const post = calls.find((c) => c.method === 'POST' && c.path === '/api/packages');
      expect(post?.body).toEqual({
        name: 'Starter',
        description: null,
        credits: 10,
        price_cents: 9_950,
        currency: 'EUR',
        credit_type: 'paid',
        active: true,
        sort_order: 0,
      });
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/packages/${ID}/show`));
  });

  it('shows the rules a value breaks on its field, in the form language, before sending', async () => {
    const calls = mockServer({});
    render(<PackageCreatePage />, '/packages/create');
    const form = await screen.findByTestId('package-form');
    await userEvent.clear(within(form).getByLabelText(/^Currency/));
    await userEvent.type(within(form).getByLabelText(/^Currency/), 'E1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a currency code of 3 letters (e.g. EUR)')).toBeInTheDocument();
    // Name, credits and price are missing.
    expect(within(form).getByText('The Name field is required')).toBeInTheDocument();
    expect(within(form).getAllByText('This field is required')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('edits a package and puts the server refusal on the price field', async () => {
    const calls = mockServer({
      [`/api/packages/${ID}`]: (call) =>
        call.method === 'GET'
          ? jsonResponse(saved)
          : jsonResponse(
              {
                code: 'VALIDATION_FAILED',
                message: 'This form is required to be filled',
                errors: { price_cents: ['The price is too high'] },
              },
              400,
            ),
    });
    render(<PackageEditPage />, '/packages/:id/edit', `/packages/${ID}/edit`);
    const form = await screen.findByTestId('package-form');
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Starter');
    expect(within(form).getByLabelText(/^Price/)).toHaveValue('99.5');
    await userEvent.clear(within(form).getByLabelText(/^Credits/));
    await userEvent.type(within(form).getByLabelText(/^Credits/), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The price is too high')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ credits: 12, price_cents: 9_950 });
  });
});
