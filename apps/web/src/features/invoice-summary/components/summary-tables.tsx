import type { InvoiceSummary, InvoiceSummaryFigures } from '@cuspid/contracts/invoices';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toIntlLocale } from '../../../lib/format';
import { useFormat } from '../../../lib/use-format';

type Labels = { monthName: (month: number) => string; countryName: (code: string | null) => string };

/** The counts and amounts of one line, as every table of the summary shows them. */
function FigureCells({ figures }: { figures: InvoiceSummaryFigures }) {
  const format = useFormat();
  const { i18n } = useTranslation();
  const count = new Intl.NumberFormat(toIntlLocale(i18n.resolvedLanguage ?? i18n.language));
  const money = (cents: number) => format.money(cents, figures.currency);
  return (
    <>
      <Table.Td ta="right">{count.format(figures.invoice_count)}</Table.Td>
      <Table.Td ta="right">{count.format(figures.credit_note_count)}</Table.Td>
      <Table.Td ta="right">{money(figures.net)}</Table.Td>
      <Table.Td ta="right">{money(figures.tax)}</Table.Td>
      <Table.Td ta="right" fw={600}>
        {money(figures.total)}
      </Table.Td>
    </>
  );
}

function FigureHeads() {
  const { t } = useTranslation('invoice-summary');
  return (
    <>
      <Table.Th scope="col" ta="right">
        {t('columns.invoices')}
      </Table.Th>
      <Table.Th scope="col" ta="right">
        {t('columns.creditNotes')}
      </Table.Th>
      <Table.Th scope="col" ta="right">
        {t('columns.net')}
      </Table.Th>
      <Table.Th scope="col" ta="right">
        {t('columns.tax')}
      </Table.Th>
      <Table.Th scope="col" ta="right">
        {t('columns.total')}
      </Table.Th>
    </>
  );
}

/** The period by month (every month listed), with the period's total per currency at the foot. */
export function SummaryMonthsTable({ summary, labels }: { summary: InvoiceSummary; labels: Labels }) {
  const { t } = useTranslation('invoice-summary');
  const currencies = new Set(summary.totals.map((total) => total.currency));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover data-testid="summary-months">
        <caption>
          <Text size="sm" c="dimmed" ta="left">
            {t('months.caption')}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.month')}</Table.Th>
            {currencies.size > 1 && <Table.Th scope="col">{t('columns.currency')}</Table.Th>}
            <FigureHeads />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.months.map((month) => (
            <Table.Tr key={`${month.month}-${month.currency}`} data-testid="summary-month-row">
              <Table.Th scope="row" fw={500}>
                {labels.monthName(month.month)}
              </Table.Th>
              {currencies.size > 1 && <Table.Td>{month.currency}</Table.Td>}
              <FigureCells figures={month} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {summary.totals.map((total) => (
            <Table.Tr key={total.currency} data-testid="summary-total-row">
              <Table.Th scope="row">{t('months.total')}</Table.Th>
              {currencies.size > 1 && <Table.Td>{total.currency}</Table.Td>}
              <FigureCells figures={total} />
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The period by the buyer's country and VAT treatment. */
export function SummaryBreakdownTable({ summary, labels }: { summary: InvoiceSummary; labels: Labels }) {
  const { t } = useTranslation('invoice-summary');
  if (summary.breakdown.length === 0) {
    return (
      <Text c="dimmed" data-testid="summary-breakdown-empty">
        {t('breakdown.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover data-testid="summary-breakdown">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.country')}</Table.Th>
            <Table.Th scope="col">{t('columns.vatTreatment')}</Table.Th>
            <FigureHeads />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.breakdown.map((line) => (
            <Table.Tr
              key={`${line.country}-${line.vat_treatment}-${line.currency}`}
              data-testid="summary-breakdown-row"
            >
              <Table.Th scope="row" fw={500}>
                {labels.countryName(line.country)}
              </Table.Th>
              <Table.Td>{t(`treatment.${line.vat_treatment}`)}</Table.Td>
              <FigureCells figures={line} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
