import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCurrency,
  formatDate,
  formatFileSize,
  formatNumber,
  formatRelativeTime,
  fromZonedInputValue,
  type NumberFormatOptions,
  toZonedInputValue,
} from './format';
import { centsToAmount } from './money';
import { useSession } from './session';

type Omitted<T> = Omit<T, 'language'>;

/** The formatting helpers bound to the current language and the signed-in user's time zone. */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const timeZone = useSession()?.token_info.user.timezone;
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      relativeTime: (value: Date | string | number, now?: Date | number) =>
        formatRelativeTime(value, { language, justNow: t('common:time.justNow'), now }),
      number: (value: number, options?: Omitted<NumberFormatOptions>) => formatNumber(value, { language, ...options }),
      currency: (value: number, options?: Omitted<NumberFormatOptions> & { currency?: string }) =>
        formatCurrency(value, { language, ...options }),
      /** Integer cents (as money is on the wire) as an amount in the currency. */
      money: (cents: number, currency?: string) => formatCurrency(centsToAmount(cents), { language, currency }),
      /** A file size in the language's units (Ko/Mo in French). */
      fileSize: (bytes: number) => formatFileSize(bytes, { language }),
      date: (value: Date | string | number, withTime = false) => formatDate(value, { language, timeZone, withTime }),
      /** An instant as a `datetime-local` input value, in the user's time zone. */
      toDateTimeInput: (value: Date | string | null | undefined) => toZonedInputValue(value, timeZone),
      /** A `datetime-local` input value (user's time zone) as an ISO instant; null when empty. */
      fromDateTimeInput: (value: string) => fromZonedInputValue(value, timeZone),
    }),
    [language, t, timeZone],
  );
}
