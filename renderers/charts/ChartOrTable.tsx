/**
 * A figure shown as a bar chart or, at one click, as a table of the same numbers (every chart must also be readable
 * as a table: screen readers, printing, copying figures into a report). The chart's code is its own chunk, loaded
 * the first time a chart is shown.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../intl';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../PageLoading';
import type { ChartDataset, ChartSeries } from './types';

const BarChartView = lazy(() => import('./BarChartView'));

export type { ChartDataset, ChartSeries };

export interface ChartOrTableProps {
  /** Test ids: `<id>`, `<id>-table`, `<id>-chart`. */
  id: string;
  title: ReactNode;
  dataset: ChartDataset;
  /** The dataset key of the categories (bars) and its table header. */
  category: { key: string; label: string };
  series: readonly ChartSeries[];
  /** Series stacked in one bar per category (parts of a whole); else side by side. */
  stacked?: boolean;
  /** Shown first: the chart (default) or the table. */
  initialView?: 'chart' | 'table';
  height?: number;
}

export function ChartOrTable({
  id,
  title,
  dataset,
  category,
  series,
  stacked = false,
  initialView = 'chart',
  height = 280,
}: ChartOrTableProps) {
  const intl = useIntl();
  const [view, setView] = useState(initialView);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={id} component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
          aria-label={intl.formatMessage({ id: 'charts.view' })}
        >
          <ToggleButton value="chart" data-testid={`${id}-show-chart`}>
            <FormattedMessage id="charts.chart" />
          </ToggleButton>
          <ToggleButton value="table" data-testid={`${id}-show-table`}>
            <FormattedMessage id="charts.table" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {dataset.length === 0 ? (
        <Typography color="text.secondary" data-testid={`${id}-empty`}>
          <FormattedMessage id="charts.empty" />
        </Typography>
      ) : view === 'table' ? (
        <Table size="small" data-testid={`${id}-table`}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {category.label}
              </TableCell>
              {series.map((s) => (
                <TableCell key={s.key} component="th" scope="col" align="right">
                  {s.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {dataset.map((row, i) => (
              <TableRow key={`${String(row[category.key])}-${i}`}>
                <TableCell component="th" scope="row">
                  {row[category.key]}
                </TableCell>
                {series.map((s) => (
                  <TableCell key={s.key} align="right">
                    {intl.formatNumber(Number(row[s.key] ?? 0))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Box data-testid={`${id}-chart`} sx={{ minHeight: height }}>
          <Suspense fallback={<PageLoading />}>
            <BarChartView
              dataset={dataset}
              categoryKey={category.key}
              series={series}
              stacked={stacked}
              height={height}
            />
          </Suspense>
        </Box>
      )}
    </Paper>
  );
}
