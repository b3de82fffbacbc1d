import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toIntlLocale } from '../../../lib/format';

/**
 * Counts and measures in the user's language with at most `digits` decimals. (useFormat's numbers are amounts:
 * they always carry at least two decimals, which a triangle count or a file size must not.)
 */
export function usePlainNumber() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const formats = new Map<number, Intl.NumberFormat>();
    return (value: number, digits = 0) => {
      let format = formats.get(digits);
      if (!format) {
        format = new Intl.NumberFormat(toIntlLocale(language), { maximumFractionDigits: digits });
        formats.set(digits, format);
      }
      return format.format(value);
    };
  }, [language]);
}
