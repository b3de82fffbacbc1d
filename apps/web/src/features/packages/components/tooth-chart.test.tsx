import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CasePrice } from './case-price';
import { ToothChart, type ToothSelection } from './tooth-chart';

function Chart({ onChange }: { onChange?: (value: ToothSelection) => void }) {
  const [teeth, setTeeth] = useState<ToothSelection>({ upper: [], lower: [] });
  return (
    <>
      <ToothChart
        value={teeth}
        onChange={(next) => {
          setTeeth(next);
          onChange?.(next);
        }}
      />
      <CasePrice upperTeeth={teeth.upper} lowerTeeth={teeth.lower} country="DE" />
    </>
  );
}

const numbersIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('button', { name: /^Tooth / })
    .map((b) => Number(b.textContent));

describe('ToothChart', () => {
  it('shows both jaws in FDI order as the dentist sees them', async () => {
    mockServer({});
    renderWithProviders(<Chart />);
    expect(numbersIn(await screen.findByTestId('tooth-chart-upper'))).toEqual([
      18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28,
    ]);
    expect(numbersIn(screen.getByTestId('tooth-chart-lower'))).toEqual([
      48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38,
    ]);
  });

  it('toggles teeth with aria-pressed, by mouse and keyboard, and prices them on the server', async () => {
    const calls = mockServer({
      '/api/case-price': (call) => {
        const body = call.body as { upper_teeth: number[]; lower_teeth: number[] };
        const credits = body.upper_teeth.length * 3 + body.lower_teeth.length * 2;
        return jsonResponse({
          credits,
          upper_tooth_credits: 3,
          lower_tooth_credits: 2,
          teeth: { upper: body.upper_teeth, lower: body.lower_teeth },
          recalculation: false,
          recalculation_factor: 1.5,
          country: 'DE',
          source: 'country',
        });
      },
    });
    const changes = vi.fn();
    renderWithProviders(<Chart onChange={changes} />);
    expect(await screen.findByTestId('case-price-hint')).toHaveTextContent('Choose at least one tooth');

    const tooth11 = screen.getByRole('button', { name: 'Tooth 11' });
    expect(tooth11).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(tooth11);
    expect(tooth11).toHaveAttribute('aria-pressed', 'true');
    screen.getByRole('button', { name: 'Tooth 36' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Tooth 36' })).toHaveAttribute('aria-pressed', 'true');
    expect(changes).toHaveBeenLastCalledWith({ upper: [11], lower: [36] });
    expect(screen.getByTestId('tooth-count')).toHaveTextContent('2 teeth chosen');

    await vi.waitFor(() => expect(screen.getByTestId('case-price-credits')).toHaveTextContent('5 credits'));
    expect(calls.at(-1)!.body).toEqual({ upper_teeth: [11], lower_teeth: [36], recalculation: false, country: 'DE' });
    expect(screen.getByTestId('case-price-breakdown')).toHaveTextContent('1 upper × 3 + 1 lower × 2 credits');

    await userEvent.click(tooth11);
    expect(tooth11).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Whole upper jaw' }));
    expect(changes).toHaveBeenLastCalledWith({ upper: expect.arrayContaining([11, 18, 28]), lower: [36] });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(changes).toHaveBeenLastCalledWith({ upper: [], lower: [] });
    expect(screen.getByTestId('case-price-hint')).toBeInTheDocument();
  });
});
