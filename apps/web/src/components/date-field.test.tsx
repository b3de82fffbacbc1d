import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { renderWithProviders } from '../testing/render-app';
import { DateField, DateTimeField, parseTypedDay, parseTypedMoment } from './date-field';

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

    expect(screen.getByRole('button', { name: '„Day“ leeren' })).toBeInTheDocument();
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

  it('writes a moment in the chosen language and keeps the datetime-local value', async () => {
    await setLanguage('fr', { remember: false });
    const onMoment = vi.fn();
    function Moment() {
      const [value, setValue] = useState('2026-12-05T09:30');
      return (
        <DateTimeField
          label="When"
          value={value}
          onChange={(moment) => {
            setValue(moment);
            onMoment(moment);
          }}
        />
      );
    }
    renderWithProviders(<Moment />);
    const input = screen.getByLabelText('When');
    expect(input).toHaveValue('05/12/2026 09:30');
    await userEvent.clear(input);
    await userEvent.type(input, '24/12/2026 18:05');
    expect(onMoment).toHaveBeenLastCalledWith('2026-12-24T18:05');
    expect(parseTypedMoment('12/24/2026 6:05 PM', 'MM/DD/YYYY h:mm A')).toBe('2026-12-24 18:05:00');
    expect(parseTypedMoment('2026-12-24T18:05', 'DD.MM.YYYY HH:mm')).toBe('2026-12-24 18:05:00');
  });
});
