import { INVOICE_PLAN_GROUPINGS, type InvoicePlanGrouping, type InvoiceSummary } from '@cuspid/contracts/invoices';
import {
  Box,
  Button,
  Card,
  Container,
  Group,
  Menu,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarDue, IconChevronDown, IconDownload, IconFileText, IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { toIntlLocale } from '../../../lib/format';
import { centsToAmount } from '../../../lib/money';
import { notifyError } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useUrlFilters } from '../../../lib/use-list-params';
import {
  downloadInvoicePlan,
  downloadLatestInvoices,
  downloadSummaryCsv,
  type SummaryPeriod,
  useInvoiceSummary,
} from '../api/invoice-summary';
import { SendSummaryMailModal } from '../components/send-summary-mail-modal';
import { SummaryBreakdownTable, SummaryMonthsTable } from '../components/summary-tables';

const SummaryChartView = lazy(() =>
  import('../components/summary-chart-view').then((module) => ({ default: module.SummaryChartView })),
);

/** The first year the picker offers; the summary call takes years from 2000. */
const FIRST_YEAR = 2000;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The period in the URL (`?year=2026&month=3`): this year's whole year when none or a wrong one is given. */
export function periodOf(values: { year: string; month: string }, now = new Date()): SummaryPeriod {
  const thisYear = now.getFullYear();
  const year = Number(values.year);
  const month = Number(values.month);
  return {
    year: Number.isInteger(year) && year >= FIRST_YEAR && year <= thisYear + 1 ? year : thisYear,
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : undefined,
  };
}

/** Runs a download, keeping its button busy until the file is handed over; a failure is a toast. */
function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = (name: string, work: () => Promise<void>) => {
    setBusy(name);
    work()
      .catch((error: unknown) => notifyError(error))
      .finally(() => setBusy(null));
  };
  return { busy, run };
}

/**
 * The invoice summary (route /invoice-summary, backoffice-invoice): the invoices and credit notes issued in a year
 * or month, by month and by the buyer's country and VAT treatment, a chart of the monthly totals, and the exports:
 * the summary as CSV or by mail, the receivables plan, and the invoices issued since the user's last export.
 */
export function InvoiceSummaryPage() {
  const { t, i18n } = useTranslation(['invoice-summary', 'common']);
  const format = useFormat();
  const { values, setFilter } = useUrlFilters(['year', 'month'] as const);
  const period = periodOf(values);
  const summary = useInvoiceSummary(period);
  const download = useDownload();
  const [mailOpened, setMailOpened] = useState(false);
  const language = toIntlLocale(i18n.resolvedLanguage ?? i18n.language);

  const labels = useMemo(() => {
    const months = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
    const shortMonths = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    const regions = new Intl.DisplayNames([language], { type: 'region' });
    const monthDate = (month: number) => new Date(Date.UTC(2000, month - 1, 1));
    return {
      monthName: (month: number) => months.format(monthDate(month)),
      shortMonthName: (month: number) => shortMonths.format(monthDate(month)),
      countryName: (code: string | null) => {
        if (!code) return t('breakdown.noCountry');
        try {
          return regions.of(code) ?? code;
        } catch {
          return code;
        }
      },
    };
  }, [language, t]);

  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear + 2 - FIRST_YEAR }, (_, i) => String(thisYear + 1 - i));

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="invoice-summary-page">
        <PageHeader
          title={t('title')}
          description={t('intro')}
          actions={
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={download.busy === 'summary'}
                onClick={() => download.run('summary', () => downloadSummaryCsv(period))}
                data-testid="summary-download"
              >
                {t('actions.downloadSummary')}
              </Button>
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button
                    variant="default"
                    leftSection={<IconCalendarDue size={16} aria-hidden />}
                    rightSection={<IconChevronDown size={14} aria-hidden />}
                    loading={download.busy === 'plan'}
                    data-testid="summary-plan"
                  >
                    {t('actions.plan')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {INVOICE_PLAN_GROUPINGS.map((group: InvoicePlanGrouping) => (
                    <Menu.Item
                      key={group}
                      onClick={() => download.run('plan', () => downloadInvoicePlan(group))}
                      data-testid={`summary-plan-${group}`}
                    >
                      {t(`actions.planBy.${group}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button
                variant="default"
                leftSection={<IconFileText size={16} aria-hidden />}
                loading={download.busy === 'latest'}
                onClick={() => download.run('latest', downloadLatestInvoices)}
                title={t('actions.latestHint')}
                data-testid="summary-latest"
              >
                {t('actions.latest')}
              </Button>
              <Button
                leftSection={<IconMail size={16} aria-hidden />}
                onClick={() => setMailOpened(true)}
                data-testid="summary-mail-open"
              >
                {t('actions.mail')}
              </Button>
            </>
          }
        />

        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('period.year')}
            value={String(period.year)}
            onChange={(event) => setFilter('year', event.currentTarget.value)}
            data={years}
            w={140}
            data-testid="summary-year"
          />
          <NativeSelect
            label={t('period.month')}
            value={period.month ? String(period.month) : ''}
            onChange={(event) => setFilter('month', event.currentTarget.value)}
            data={[
              { value: '', label: t('period.wholeYear') },
              ...MONTHS.map((month) => ({ value: String(month), label: labels.monthName(month) })),
            ]}
            w={200}
            data-testid="summary-month"
          />
        </Group>

        <QueryState
          query={summary}
          failure="alert"
          retry
          loadFailed={t('loadFailed')}
          testId="summary-error"
          loading={
            <Stack data-testid="summary-loading">
              <Skeleton h={90} />
              <Skeleton h={260} />
              <Skeleton h={320} />
            </Stack>
          }
        >
          {(data) => (
            <SummaryContent
              summary={data}
              labels={labels}
              dimmed={summary.isPlaceholderData}
              formatValue={(value, currency) =>
                currency ? format.currency(value, { currency }) : format.number(value)
              }
            />
          )}
        </QueryState>
      </Stack>
      <SendSummaryMailModal period={period} opened={mailOpened} onClose={() => setMailOpened(false)} />
    </Container>
  );
}

type SummaryContentProps = {
  summary: InvoiceSummary;
  labels: {
    monthName: (month: number) => string;
    shortMonthName: (month: number) => string;
    countryName: (code: string | null) => string;
  };
  dimmed: boolean;
  formatValue: (value: number, currency?: string) => string;
};

function SummaryContent({ summary, labels, dimmed, formatValue }: SummaryContentProps) {
  const { t } = useTranslation('invoice-summary');
  const currencies = summary.totals.map((total) => total.currency);
  const chartData = useMemo(() => {
    const byMonth = new Map<number, Record<string, string | number>>();
    for (const line of summary.months) {
      const entry = byMonth.get(line.month) ?? { month: labels.shortMonthName(line.month) };
      entry[line.currency] = centsToAmount(line.total);
      byMonth.set(line.month, entry);
    }
    return [...byMonth.values()];
  }, [summary, labels]);
  const { i18n } = useTranslation();
  const count = new Intl.NumberFormat(toIntlLocale(i18n.resolvedLanguage ?? i18n.language));
  const main = summary.totals[0]!;
  const period = summary.month ? `${labels.monthName(summary.month)} ${summary.year}` : String(summary.year);

  return (
    <Stack gap="lg" style={{ opacity: dimmed ? 0.6 : 1 }}>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} data-testid="summary-totals">
        {(
          [
            ['invoices', count.format(main.invoice_count)],
            ['creditNotes', count.format(main.credit_note_count)],
            ['net', formatValue(centsToAmount(main.net), main.currency)],
            ['tax', formatValue(centsToAmount(main.tax), main.currency)],
            ['total', formatValue(centsToAmount(main.total), main.currency)],
          ] as const
        ).map(([key, value]) => (
          <Card key={key} withBorder radius="md" padding="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`columns.${key}`)}
            </Text>
            <Text size="lg" fw={700} data-testid={`summary-total-${key}`}>
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('chart.title', { period })}
          </Title>
          <Box aria-hidden data-testid="summary-chart">
            <Suspense fallback={<Skeleton h={260} />}>
              <SummaryChartView
                data={chartData}
                currencies={currencies}
                formatValue={(value) => formatValue(value, currencies.length === 1 ? currencies[0] : undefined)}
              />
            </Suspense>
          </Box>
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('months.title')}
          </Title>
          <SummaryMonthsTable summary={summary} labels={labels} />
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('breakdown.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('breakdown.intro')}
          </Text>
          <SummaryBreakdownTable summary={summary} labels={labels} />
        </Stack>
      </Card>
    </Stack>
  );
}
