/**
 * Site statistics and project overview (spec §1), for the sites the user holds the session's role at
 * (statistics/siteStatistics.do): subjects by state per site, enrolment by month and site, and the pages of each
 * visit by entry status — each a chart that is also a table (renderers/charts/ChartOrTable).
 */
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { siteStatistics, type EnrolmentRow } from '../../../engine/api/statistics';
import { metaText } from '../../../engine/metadata/metaText';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { ChartOrTable, type ChartDataset } from '../../../renderers/charts/ChartOrTable';
import { useLocale } from '../../i18n/LocaleProvider';

const SUBJECT_STATES = ['screening', 'enrolled', 'completed', 'withdrawn', 'screenFailure'] as const;
const PAGE_STATES = ['notEntered', 'entered', 'complete', 'marked'] as const;

/** Enrolment rows (month, site, count) as one row per month with a column per site. */
export function enrolmentByMonth(rows: readonly EnrolmentRow[]): { dataset: ChartDataset; sites: string[] } {
  const sites = [...new Set(rows.map((r) => r.sitecode))].sort();
  const months = new Map<string, Record<string, string | number>>();
  for (const r of rows) {
    const row = months.get(r.month) ?? { month: r.month, ...Object.fromEntries(sites.map((s) => [s, 0])) };
    row[r.sitecode] = r.count;
    months.set(r.month, row);
  }
  return {
    dataset: [...months.values()].sort((a, b) => String(a.month).localeCompare(String(b.month))),
    sites,
  };
}

export function SiteStatistics() {
  const intl = useIntl();
  const { locale } = useLocale();
  const stats = useEndpoint(siteStatistics, {});
  const t = (id: string) => intl.formatMessage({ id });
  const subjectSeries = useMemo(
    () =>
      SUBJECT_STATES.map((key) => ({ key, label: intl.formatMessage({ id: `statistics.subjects.${key}` }) })),
    [intl],
  );
  const pageSeries = useMemo(
    () => PAGE_STATES.map((key) => ({ key, label: intl.formatMessage({ id: `statistics.pages.${key}` }) })),
    [intl],
  );
  return (
    <Box component="section" aria-labelledby="statistics-title" data-testid="site-statistics">
      <Typography id="statistics-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        <FormattedMessage id="statistics.title" />
      </Typography>
      <AsyncView state={stats} data-testid="site-statistics" isEmpty={(d) => d.sites.length === 0}>
        {(data) => {
          const enrolment = enrolmentByMonth(data.enrolment);
          return (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              <ChartOrTable
                id="chart-subjects"
                title={<FormattedMessage id="statistics.subjects.title" />}
                dataset={data.sites}
                category={{ key: 'sitecode', label: t('statistics.site') }}
                series={subjectSeries}
                stacked
              />
              <ChartOrTable
                id="chart-enrolment"
                title={<FormattedMessage id="statistics.enrolment.title" />}
                dataset={enrolment.dataset}
                category={{ key: 'month', label: t('statistics.month') }}
                series={enrolment.sites.map((s) => ({ key: s, label: s }))}
                stacked
              />
              <ChartOrTable
                id="chart-pages"
                title={<FormattedMessage id="statistics.pages.title" />}
                dataset={data.pages.map((p) => ({ ...p, name: metaText(p.name, locale) }))}
                category={{ key: 'name', label: t('statistics.visit') }}
                series={pageSeries}
                stacked
              />
            </Box>
          );
        }}
      </AsyncView>
    </Box>
  );
}
