import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toIntlLocale } from '../../../lib/format';

/** Credits are whole numbers: grouped in the user's language, without the decimals of money amounts. */
export function useCreditsFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const formatter = new Intl.NumberFormat(toIntlLocale(language), { maximumFractionDigits: 0 });
    return (value: number) => formatter.format(value);
  }, [language]);
}
