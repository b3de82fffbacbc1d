import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatFileSize,
  formatNumber,
  formatRelativeTime,
  fromZonedInputValue,
  toIntlLocale,
  toZonedInputValue,
} from './format';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  const en = { language: 'en', justNow: 'just now', now: NOW };

  it('says just now under a minute', () => {
    expect(formatRelativeTime(ago(30_000), en)).toBe('just now');
    expect(formatRelativeTime(NOW, en)).toBe('just now');
  });

  it('counts minutes, hours, days, months and years', () => {
    expect(formatRelativeTime(ago(5 * MINUTE), en)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * HOUR), en)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(DAY), en)).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * DAY), en)).toBe('4 days ago');
    expect(formatRelativeTime(ago(65 * DAY), en)).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * DAY), en)).toBe('2 years ago');
  });

  it('speaks the current language and handles future dates', () => {
    expect(formatRelativeTime(ago(2 * HOUR), { language: 'de', justNow: 'gerade eben', now: NOW })).toBe(
      'vor 2 Stunden',
    );
    expect(formatRelativeTime(ago(3 * DAY), { language: 'fr', justNow: 'à l’instant', now: NOW })).toBe(
      'il y a 3 jours',
    );
    expect(formatRelativeTime(new Date(NOW.getTime() + 10 * MINUTE), en)).toBe('in 10 minutes');
  });

  it('accepts ISO strings and returns nothing for invalid input', () => {
    expect(formatRelativeTime('2026-11-22T11:00:00.000Z', en)).toBe('1 hour ago');
    expect(formatRelativeTime('not a date', en)).toBe('');
  });
});

describe('formatNumber and formatCurrency', () => {
  it('uses two decimals by default, up to twenty when configured', () => {
    expect(formatNumber(1234.5, { language: 'en' })).toBe('1,234.50');
    expect(formatNumber(1234.5, { language: 'de' })).toBe('1.234,50');
    expect(formatNumber(0.123456789, { language: 'en', maximumFractionDigits: 20 })).toBe('0.123456789');
    expect(formatNumber(1, { language: 'en', minimumFractionDigits: 0, maximumFractionDigits: 99 })).toBe('1.00');
  });

  it('formats EUR by default, other currencies on request', () => {
    expect(formatCurrency(1234.5, { language: 'en' })).toBe('€1,234.50');
    expect(formatCurrency(1234.5, { language: 'de' }).replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatCurrency(9.99, { language: 'en', currency: 'USD' })).toBe('$9.99');
  });
});

describe('formatDate', () => {
  const value = '2026-11-22T23:30:00.000Z';

  it("shows the date in the user's time zone", () => {
    expect(formatDate(value, { language: 'en', timeZone: 'UTC' })).toBe('Nov 22, 2026');
    expect(formatDate(value, { language: 'en', timeZone: 'Europe/Berlin' })).toBe('Nov 23, 2026');
    expect(formatDate(value, { language: 'en', timeZone: 'Europe/Berlin', withTime: true })).toMatch(
      /Nov 23, 2026.*12:30\sAM/,
    );
  });

  it('falls back to the browser time zone for an unknown one', () => {
    expect(formatDate(value, { language: 'en', timeZone: 'Mars/Olympus' })).toMatch(/Nov 2[23], 2026/);
  });

  it('maps the spec language codes to Intl locales', () => {
    expect(toIntlLocale('tu')).toBe('tr');
    expect(toIntlLocale('ch')).toBe('de-CH');
    expect(toIntlLocale('fr')).toBe('fr');
  });
});

describe('datetime-local values in the user time zone', () => {
  it('shows an instant as the wall-clock time of the zone, and reads it back', () => {
    expect(toZonedInputValue('2030-03-04T09:30:00.000Z', 'Europe/Berlin')).toBe('2030-03-04T10:30');
    expect(toZonedInputValue('2030-07-04T09:30:00.000Z', 'Europe/Berlin')).toBe('2030-07-04T11:30');
    expect(toZonedInputValue('2030-03-04T09:30:00.000Z', 'America/New_York')).toBe('2030-03-04T04:30');
    expect(fromZonedInputValue('2030-03-04T10:30', 'Europe/Berlin')).toBe('2030-03-04T09:30:00.000Z');
    expect(fromZonedInputValue('2030-07-04T11:30', 'Europe/Berlin')).toBe('2030-07-04T09:30:00.000Z');
    expect(fromZonedInputValue('2030-03-04T04:30', 'America/New_York')).toBe('2030-03-04T09:30:00.000Z');
  });

  it('gets the hours around a change of summer time right', () => {
    // Berlin moves from +01:00 to +02:00 at 02:00 local time on 2030-03-31.
    expect(fromZonedInputValue('2030-03-31T01:30', 'Europe/Berlin')).toBe('2030-03-31T00:30:00.000Z');
    expect(fromZonedInputValue('2030-03-31T03:30', 'Europe/Berlin')).toBe('2030-03-31T01:30:00.000Z');
    expect(toZonedInputValue('2030-03-31T01:30:00.000Z', 'Europe/Berlin')).toBe('2030-03-31T03:30');
  });

  it('answers empty or null for empty and invalid values', () => {
    expect(toZonedInputValue(null, 'Europe/Berlin')).toBe('');
    expect(toZonedInputValue('not a date', 'Europe/Berlin')).toBe('');
    expect(fromZonedInputValue('', 'Europe/Berlin')).toBeNull();
    expect(fromZonedInputValue('2030-03-04', 'Europe/Berlin')).toBeNull();
    expect(fromZonedInputValue('2030-03-04T10:30', 'Not/AZone')).toBe(new Date('2030-03-04T10:30').toISOString());
  });
});

describe('formatFileSize', () => {
  it("writes sizes in 1024 steps with the language's units: Ko, Mo, Go in French", () => {
    expect(formatFileSize(812, { language: 'en' })).toBe('812 B');
    expect(formatFileSize(1536, { language: 'en' })).toBe('1.5 KB');
    expect(formatFileSize(3 * 1024 ** 2, { language: 'en' })).toBe('3 MB');
    expect(formatFileSize(812, { language: 'fr' })).toBe('812 o');
    expect(formatFileSize(1536, { language: 'fr' })).toBe('1,5 Ko');
    expect(formatFileSize(500 * 1024 ** 2, { language: 'fr' })).toBe('500 Mo');
    expect(formatFileSize(2.5 * 1024 ** 3, { language: 'fr' })).toBe('2,5 Go');
    expect(formatFileSize(1536, { language: 'de' })).toBe('1,5 KB');
  });
});
