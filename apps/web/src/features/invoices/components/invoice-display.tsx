import type { InvoiceStatus } from '@cuspid/contracts/invoices';
import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, toIntlLocale } from '../../../lib/format';
import { useFormat } from '../../../lib/use-format';

const STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  open: 'blue',
  paid: 'green',
  cancelled: 'red',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-testid="invoice-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * How invoices show their figures: money from integer cents in the invoice's currency, tax rates from basis
 * points, and calendar days (invoice and due dates) as the day they are, whatever the user's time zone.
 */
export function useInvoiceFormat() {
  const format = useFormat();
  const { t, i18n } = useTranslation('invoices');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const rate = new Intl.NumberFormat(toIntlLocale(language), { maximumFractionDigits: 2 });
    return {
      money: (cents: number, currency: string) => format.money(cents, currency),
      taxRate: (basisPoints: number) => t('taxRate', { rate: rate.format(basisPoints / 100) }),
      day: (isoDay: string | null) => (isoDay ? formatDate(`${isoDay}T00:00:00Z`, { language, timeZone: 'UTC' }) : '–'),
      instant: (iso: string | null) => (iso ? format.date(iso, true) : '–'),
    };
  }, [format, language, t]);
}
