import { DEFAULT_CURRENCY, type LanguageCode } from '@cuspid/contracts';

/** UI language code → Intl locale (the spec's `tu` and `ch` are not BCP 47 tags). */
const INTL_LOCALES: Record<LanguageCode, string> = {
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
  ja: 'ja',
  ar: 'ar',
  tu: 'tr',
  ch: 'de-CH',
  pt: 'pt',
};

export function toIntlLocale(language: string): string {
  return INTL_LOCALES[language as LanguageCode] ?? language;
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export type RelativeTimeOptions = {
  language: string;
  /** The label for less than a minute ago (spec: 'just now'). */
  justNow: string;
  now?: Date | number;
};

/** 'just now', then minutes, hours, days, months or years, in the given language. */
export function formatRelativeTime(value: DateInput, { language, justNow, now = Date.now() }: RelativeTimeOptions) {
  const diff = toDate(value).getTime() - toDate(now).getTime();
  const distance = Math.abs(diff);
  if (Number.isNaN(distance)) return '';
  if (distance < MINUTE) return justNow;
  const format = new Intl.RelativeTimeFormat(toIntlLocale(language), { numeric: 'auto' });
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [YEAR, 'year'],
    [MONTH, 'month'],
    [DAY, 'day'],
    [HOUR, 'hour'],
    [MINUTE, 'minute'],
  ];
  for (const [size, unit] of steps) {
    if (distance >= size) return format.format(Math.trunc(diff / size), unit);
  }
  return justNow;
}

export const MIN_FRACTION_DIGITS = 2;
export const MAX_FRACTION_DIGITS = 20;

export type NumberFormatOptions = {
  language: string;
  /** At least this many decimals; 2 to 20, default 2. */
  minimumFractionDigits?: number;
  /** At most this many decimals; 2 to 20, default the minimum. */
  maximumFractionDigits?: number;
};

function fractionDigits(min = MIN_FRACTION_DIGITS, max = min) {
  const clamp = (n: number) => Math.min(MAX_FRACTION_DIGITS, Math.max(MIN_FRACTION_DIGITS, Math.trunc(n)));
  const minimum = clamp(min);
  return { minimumFractionDigits: minimum, maximumFractionDigits: Math.max(minimum, clamp(max)) };
}

export function formatNumber(
  value: number,
  { language, minimumFractionDigits, maximumFractionDigits }: NumberFormatOptions,
) {
  return new Intl.NumberFormat(
    toIntlLocale(language),
    fractionDigits(minimumFractionDigits, maximumFractionDigits),
  ).format(value);
}

export function formatCurrency(
  value: number,
  { currency = DEFAULT_CURRENCY, ...options }: NumberFormatOptions & { currency?: string },
) {
  return new Intl.NumberFormat(toIntlLocale(options.language), {
    style: 'currency',
    currency,
    ...fractionDigits(options.minimumFractionDigits, options.maximumFractionDigits),
  }).format(value);
}

/** Byte units per language (French writes octets: o, Ko, Mo, Go); others take the English symbols. */
const BYTE_UNITS: Partial<Record<string, readonly string[]>> = { fr: ['o', 'Ko', 'Mo', 'Go', 'To'] };
const DEFAULT_BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size in 1024 steps, in the language's units and digits: "1,5 Mo", "1.5 MB", "812 B". */
export function formatFileSize(bytes: number, { language }: { language: string }) {
  const units = BYTE_UNITS[language] ?? DEFAULT_BYTE_UNITS;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(toIntlLocale(language), { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}

export type DateFormatOptions = {
  language: string;
  /** The user's IANA time zone; the browser's when not given or unknown. */
  timeZone?: string | null;
  withTime?: boolean;
};

function safeTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** A date (and time) as the user reads it: their language and their time zone. */
export function formatDate(value: DateInput, { language, timeZone, withTime = false }: DateFormatOptions) {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(toIntlLocale(language), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: safeTimeZone(timeZone),
  }).format(date);
}

/** Every IANA time zone the browser knows (for the time zone picker). */
export function listTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** The offset (ms) of a time zone from UTC at an instant: the zone's wall-clock time minus the instant. */
function zoneOffset(instant: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the value of an `<input type="datetime-local">` (`YYYY-MM-DDTHH:mm`) in the user's time zone
 * (the browser's when not given or unknown), so a form shows the same wall-clock time the screens do.
 */
export function toZonedInputValue(value: DateInput | null | undefined, timeZone?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = toDate(value).getTime();
  if (Number.isNaN(instant)) return '';
  const wall = new Date(instant + zoneOffset(instant, safeTimeZone(timeZone)));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The instant (ISO, UTC) a `datetime-local` value means in the user's time zone; null when empty or invalid. */
export function fromZonedInputValue(value: string, timeZone?: string | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const zone = safeTimeZone(timeZone);
  // The offset at the wall time read as UTC is right except within hours of a DST change: correct once.
  let instant = wall - zoneOffset(wall, zone);
  const corrected = wall - zoneOffset(instant, zone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant).toISOString();
}
