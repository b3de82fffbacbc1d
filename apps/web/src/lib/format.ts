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
