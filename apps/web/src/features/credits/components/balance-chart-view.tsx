// The chart library and its styles load with this chunk only: the first time a balance history is shown.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

export type BalanceChartViewProps = {
  data: { date: string; free: number; paid: number; total: number }[];
  labels: { free: string; paid: string; total: string };
  formatDate: (date: string) => string;
  formatNumber: (value: number) => string;
};

/** The drawing of a balance history (hidden from screen readers: the data table beside it says the same). */
export function BalanceChartView({ data, labels, formatDate, formatNumber }: BalanceChartViewProps) {
  return (
    <LineChart
      h={280}
      data={data}
      dataKey="date"
      curveType="stepAfter"
      withDots={data.length <= 31}
      withLegend
      // Not keyboard-navigable: the chart is hidden from assistive technology, the table beside it holds the figures.
      accessibilityLayer={false}
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      valueFormatter={formatNumber}
      xAxisProps={{ tickFormatter: formatDate, minTickGap: 24 }}
      tooltipProps={{ labelFormatter: (label) => formatDate(String(label)) }}
      series={[
        { name: 'free', label: labels.free, color: 'teal.6' },
        { name: 'paid', label: labels.paid, color: 'blue.6' },
        { name: 'total', label: labels.total, color: 'gray.7', strokeDasharray: '6 4' },
      ]}
    />
  );
}
