import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../testing/render-app';
import type { DeviationSummary } from '../lib/mesh-messages';
import { DeviationLegend } from './deviation-legend';

const summary: DeviationSummary = {
  min: -0.412,
  max: 0.31,
  meanAbs: 0.0823,
  rms: 0.11,
  p95Abs: 0.2049,
  matched: 968,
  unmatched: 32,
};

/** The tick labels, in order from −range to +range, spaces as plain spaces. */
const ticks = (legend: HTMLElement) =>
  within(within(legend).getByRole('img'))
    .getAllByText(/mm$/)
    .map((tick) => tick.textContent?.replace(/\s/g, ' '));

describe('DeviationLegend', () => {
  it('shows the scale with ticks in mm, described as one picture, and the figures of the map', async () => {
    renderWithProviders(<DeviationLegend summary={summary} />);
    const legend = await screen.findByTestId('deviation-legend');
    expect(screen.getByRole('figure', { name: 'Deviation from the reference' })).toBe(legend);
    expect(ticks(legend)).toEqual(['-0.50 mm', '-0.25 mm', '0 mm', '+0.25 mm', '+0.50 mm']);
    expect(within(legend).getByRole('img')).toHaveAccessibleName(
      'Colour scale from -0.50 mm (blue, inside the reference) to +0.50 mm (red, outside it); green within ±0.05 mm',
    );
    const figures = within(legend).getByTestId('deviation-summary');
    expect(figures).toHaveTextContent('Mean deviation0.08 mm');
    expect(figures).toHaveTextContent('95 % of points within0.20 mm');
    // The larger of the two extremes, with its sign: here the deepest point inside.
    expect(figures).toHaveTextContent('Largest deviation-0.41 mm');
    expect(figures).toHaveTextContent('Without counterpart3.2%');
  });

  it('writes the ticks and figures in German with decimal commas', async () => {
    await setLanguage('de', { remember: false });
    renderWithProviders(
      <DeviationLegend summary={summary} scale={{ range: 1, tolerance: 0.1 }} orientation="horizontal" />,
    );
    const legend = await screen.findByTestId('deviation-legend');
    expect(within(legend).getByText('Abweichung von der Referenz')).toBeInTheDocument();
    expect(ticks(legend)).toEqual(['-1,00 mm', '-0,50 mm', '0 mm', '+0,50 mm', '+1,00 mm']);
    expect(within(legend).getByRole('img')).toHaveAccessibleName(
      /^Farbskala von -1,00\smm \(blau, innerhalb der Referenz\) bis \+1,00\smm .*±0,10\smm$/,
    );
    expect(within(legend).getByTestId('deviation-summary').textContent?.replace(/\s/g, ' ')).toContain(
      'Mittlere Abweichung0,08 mm',
    );
  });

  it('leaves the figures out without a map', async () => {
    renderWithProviders(<DeviationLegend />);
    await screen.findByTestId('deviation-legend');
    expect(screen.queryByTestId('deviation-summary')).not.toBeInTheDocument();
    expect(screen.getByText('Grey: no counterpart on the reference')).toBeInTheDocument();
  });
});
