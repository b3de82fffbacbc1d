// The chart library and its styles load with this chunk only: the first time a summary is drawn.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export type SummaryChartViewProps = {
  /** One entry per month: its label and the total per currency (in currency units). */
  data: Record<string, string | number>[];
  currencies: string[];
  /** An amount as the axis and tooltip show it (with its currency when there is only one). */
  formatValue: (value: number) => string;
};

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6'];

/** The drawing of the monthly totals (hidden from screen readers: the table by month says the same). */
export function SummaryChartView({ data, currencies, formatValue }: SummaryChartViewProps) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="month"
      // Not keyboard-navigable: the chart is hidden from assistive technology, the table holds the figures.
      accessibilityLayer={false}
      withLegend={currencies.length > 1}
      valueFormatter={formatValue}
      series={currencies.map((currency, i) => ({ name: currency, color: COLORS[i % COLORS.length]! }))}
    />
  );
}
