/**
 * The drawing half of ChartOrTable: an MUI X bar chart of a dataset (its own chunk: the charts library loads only
 * when a chart is shown). The chart is a picture for the eye: ChartOrTable offers the same figures as a table.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartDataset, ChartSeries } from './types';

export interface BarChartViewProps {
  dataset: ChartDataset;
  categoryKey: string;
  series: readonly ChartSeries[];
  stacked: boolean;
  height: number;
}

export default function BarChartView({ dataset, categoryKey, series, stacked, height }: BarChartViewProps) {
  return (
    <BarChart
      dataset={dataset as Record<string, string | number>[]}
      xAxis={[{ scaleType: 'band', dataKey: categoryKey }]}
      series={series.map((s) => ({
        dataKey: s.key,
        label: s.label,
        ...(stacked ? { stack: 'total' } : {}),
      }))}
      height={height}
      skipAnimation
    />
  );
}
