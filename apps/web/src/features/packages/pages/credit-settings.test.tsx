import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CreditSettingsPage } from './credit-settings';

const settings = {
  recalculation_factor: 1.5,
  default_upper_tooth_credits: 2,
  default_lower_tooth_credits: 1,
  updated_at: '2026-11-20T08:00:00.000Z',
};

function renderPage() {
  renderWithProviders(
    <Suspense fallback={null}>
      <CreditSettingsPage />
    </Suspense>,
    { path: '/credit-settings' },
  );
}

describe('CreditSettingsPage', () => {
  it('saves the recalculation factor and the default tooth costs', async () => {
    const calls = mockServer({
      '/api/credit-settings': (call) =>
        jsonResponse(call.method === 'PUT' ? { ...settings, ...(call.body as object) } : settings),
    });
    renderPage();
    const form = await screen.findByTestId('credit-settings-form');
    const factor = within(form).getByLabelText(/^Recalculation factor/);
    expect(factor).toHaveValue('1.5');
    await userEvent.clear(factor);
    await userEvent.type(factor, '1.25');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        recalculation_factor: 1.25,
        default_upper_tooth_credits: 2,
        default_lower_tooth_credits: 1,
      }),
    );
  });

  it('prices the chosen teeth in the chosen country, as a recalculation too', async () => {
    const calls = mockServer({
      '/api/credit-settings': () => jsonResponse(settings),
      '/api/case-price': (call) => {
        const body = call.body as { upper_teeth: number[]; recalculation: boolean; country: string };
        return jsonResponse({
          credits: body.recalculation ? 3 : 2,
          upper_tooth_credits: 2,
          lower_tooth_credits: 1,
          teeth: { upper: body.upper_teeth, lower: [] },
          recalculation: body.recalculation,
          recalculation_factor: 1.5,
          country: body.country,
          source: 'default',
        });
      },
    });
    renderPage();
    const calculator = await screen.findByTestId('price-calculator');
    await userEvent.selectOptions(within(calculator).getByTestId('price-calculator-country'), 'FR');
    await userEvent.click(within(calculator).getByRole('button', { name: 'Tooth 21' }));
    await vi.waitFor(() => expect(screen.getByTestId('case-price-credits')).toHaveTextContent('2 credits'));
    expect(screen.getByText('Default tooth costs')).toBeInTheDocument();
    await userEvent.click(within(calculator).getByLabelText('Recalculation'));
    await vi.waitFor(() => expect(screen.getByTestId('case-price-credits')).toHaveTextContent('3 credits'));
    expect(calls.filter((c) => c.path === '/api/case-price').at(-1)?.body).toEqual({
      upper_teeth: [21],
      lower_teeth: [],
      recalculation: true,
      country: 'FR',
    });
  });
});
