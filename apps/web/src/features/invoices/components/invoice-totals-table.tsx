import type { InvoiceTotals } from '@cuspid/contracts/invoices';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInvoiceFormat } from './invoice-display';

type InvoiceTotalsTableProps = {
  totals: InvoiceTotals;
  currency: string;
  /** Under the reverse charge every rate is 0 %: the tax rows say so. */
  reverseCharge: boolean;
};

/** Net, the tax of each rate (on the net of that rate), and the total, as the invoice shows them. */
export function InvoiceTotalsTable({ totals, currency, reverseCharge }: InvoiceTotalsTableProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  return (
    <Table withRowBorders={false} verticalSpacing={4} w="auto" ml="auto" data-testid="invoice-totals">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{t('totals.net')}</Table.Th>
          <Table.Td ta="right" data-testid="invoice-total-net">
            {format.money(totals.net, currency)}
          </Table.Td>
        </Table.Tr>
        {totals.taxes.map((group) => (
          <Table.Tr key={group.tax_rate} data-testid="invoice-total-tax">
            <Table.Th scope="row" fw={400}>
              {reverseCharge
                ? t('totals.taxReverseCharge')
                : t('totals.tax', { rate: format.taxRate(group.tax_rate), net: format.money(group.net, currency) })}
            </Table.Th>
            <Table.Td ta="right">{format.money(group.tax, currency)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">
            <Text fw={700} span>
              {t('totals.total')}
            </Text>
          </Table.Th>
          <Table.Td ta="right" data-testid="invoice-total">
            <Text fw={700} span>
              {format.money(totals.total, currency)}
            </Text>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
