import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { renderWithProviders } from '../testing/render-app';
import { DateField, parseTypedDay } from './date-field';

function Field({ initial, onDay }: { initial: string; onDay: (day: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Day"
      value={value}
      onChange={(day) => {
        setValue(day);
        onDay(day);
      }}
    />
  );
}

describe('DateField', () => {
  it('writes, names and takes the day in the chosen language, not the browser’s, and follows a switch', async () => {
    await setLanguage('de', { remember: false });
    const onDay = vi.fn();
    renderWithProviders(<Field initial="2026-12-05" onDay={onDay} />);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('05.12.2026');

    await userEvent.click(input);
    // German month and weekday names, the week starting on Monday.
    expect(await screen.findByText('Dezember 2026')).toBeInTheDocument();
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);

    await userEvent.clear(input);
    await userEvent.type(input, '24.12.2026');
    expect(onDay).toHaveBeenLastCalledWith('2026-12-24');

    await act(() => setLanguage('en', { remember: false }));
    await userEvent.click(document.body);
    expect(input).toHaveValue('12/24/2026');
  });

  it('reads a typed day in the language’s format or as an ISO day, and nothing while it is incomplete', () => {
    expect(parseTypedDay('24.12.2026', 'DD.MM.YYYY')).toBe('2026-12-24');
    expect(parseTypedDay('2026-12-24', 'DD.MM.YYYY')).toBe('2026-12-24');
    expect(parseTypedDay('24/12/2026', 'DD/MM/YYYY')).toBe('2026-12-24');
    expect(parseTypedDay('12/24/2026', 'MM/DD/YYYY')).toBe('2026-12-24');
    expect(parseTypedDay('24.12.20', 'DD.MM.YYYY')).toBeNull();
    expect(parseTypedDay('31.02.2026', 'DD.MM.YYYY')).toBeNull();
  });
});
