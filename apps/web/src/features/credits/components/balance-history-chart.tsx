import { BALANCE_INTERVALS } from '@cuspid/contracts/credits';
import {
  Alert,
  Box,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toIntlLocale } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { type BalanceHistoryParams, useBalanceHistory } from '../api/credits';
import { useCreditsFormat } from './use-credits-format';

const BalanceChartView = lazy(() =>
  import('./balance-chart-view').then((module) => ({ default: module.BalanceChartView })),
);

/** The periods offered, in days back from today; 90 by default. */
export const BALANCE_RANGES = [30, 90, 365, 730] as const;
type Range = (typeof BALANCE_RANGES)[number];
type Interval = BalanceHistoryParams['interval'];

const DAY_MS = 86_400_000;
/** A UTC day as YYYY-MM-DD (the balance history counts in UTC days). */
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export function balanceRange(days: number, now = Date.now()): { from: string; to: string } {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/**
 * A company's balance over time: free, paid and total credits at the end of each day or month of the chosen
 * period, drawn as lines, and the same figures as a table for screen readers.
 */
export function BalanceHistoryChart({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation('credits');
  const credits = useCreditsFormat();
  const headingId = useId();
  const [interval, setInterval] = useState<Interval>('day');
  const [range, setRange] = useState<Range>(90);
  const params = useMemo(() => ({ ...balanceRange(range), interval }), [range, interval]);
  const history = useBalanceHistory(companyId, params);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const formatDay = useMemo(() => {
    const formatter = new Intl.DateTimeFormat(toIntlLocale(language), {
      timeZone: 'UTC',
      ...(interval === 'month' ? { month: 'short', year: 'numeric' } : { dateStyle: 'medium' }),
    });
    return (date: string) => {
      const value = new Date(`${date}T00:00:00Z`);
      return Number.isNaN(value.getTime()) ? date : formatter.format(value);
    };
  }, [language, interval]);

  const data = history.data?.data ?? [];
  const labels = { free: t('balance.free'), paid: t('balance.paid'), total: t('balance.total') };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="balance-history">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {t('chart.title')}
          </Title>
          <Group gap="sm" align="flex-end">
            <Stack gap={4}>
              <Text size="sm" fw={500} id={`${headingId}-interval`}>
                {t('chart.interval')}
              </Text>
              <SegmentedControl
                aria-labelledby={`${headingId}-interval`}
                value={interval}
                onChange={(value) => setInterval(value as Interval)}
                data={BALANCE_INTERVALS.map((value) => ({ value, label: t(`chart.${value}`) }))}
                data-testid="balance-history-interval"
              />
            </Stack>
            <NativeSelect
              label={t('chart.range')}
              value={String(range)}
              onChange={(event) => setRange(Number(event.currentTarget.value) as Range)}
              data={BALANCE_RANGES.map((days) => ({ value: String(days), label: t(`chart.ranges.${days}`) }))}
              w={180}
              data-testid="balance-history-range"
            />
          </Group>
        </Group>
        {history.isError ? (
          <Alert color="red" title={t('chart.loadFailed')} data-testid="balance-history-error">
            {errorMessage(history.error)}
          </Alert>
        ) : !history.data ? (
          <Skeleton h={280} data-testid="balance-history-loading" />
        ) : data.length === 0 ? (
          <Text c="dimmed">{t('chart.empty')}</Text>
        ) : (
          <>
            <Box aria-hidden style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
              <Suspense fallback={<Skeleton h={280} />}>
                <BalanceChartView data={data} labels={labels} formatDate={formatDay} formatNumber={credits} />
              </Suspense>
            </Box>
            <VisuallyHidden>
              <Table data-testid="balance-history-summary">
                <caption>
                  {t('chart.summary', {
                    interval: t(`chart.intervalName.${interval}`),
                    from: formatDay(data[0]!.date),
                    to: formatDay(data[data.length - 1]!.date),
                  })}
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('chart.date')}</Table.Th>
                    <Table.Th scope="col">{labels.free}</Table.Th>
                    <Table.Th scope="col">{labels.paid}</Table.Th>
                    <Table.Th scope="col">{labels.total}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((point) => (
                    <Table.Tr key={point.date}>
                      <Table.Th scope="row">{formatDay(point.date)}</Table.Th>
                      <Table.Td>{credits(point.free)}</Table.Td>
                      <Table.Td>{credits(point.paid)}</Table.Td>
                      <Table.Td>{credits(point.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Card>
  );
}
