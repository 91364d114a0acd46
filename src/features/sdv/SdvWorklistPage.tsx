/**
 * The monitor's SDV worklist (`/index/sdv`, issue 14): at the chosen site, the saved pages with items the study's SDV
 * plan requires that are not verified (or were reset by a change), each opening its form; and the site's progress
 * against the plan (required items, verified, reset). Read from sdvWorklist.do (permission sdv.verify: another role
 * sees the server's refusal).
 */
import { useState } from 'react';
import { RouterLink } from '../../routing/RouterLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { sdvWorklist, type SdvProgress, type SdvWorkRow } from '../../../engine/api/sdv';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { formPath } from '../../routing/formPaths';
import { PATHS } from '../../routing/paths';

const PAGE_SIZE = 20;

export function SdvProgressBar({ progress }: { progress: SdvProgress }) {
  const intl = useIntl();
  const share = progress.required === 0 ? 100 : Math.round((progress.verified / progress.required) * 100);
  return (
    <Box data-testid="sdv-progress" sx={{ display: 'grid', gap: 0.5, maxWidth: 480 }}>
      <Typography>
        <FormattedMessage
          id="sdv.worklist.progress"
          values={{ verified: progress.verified, required: progress.required, share, reset: progress.reset }}
        />
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        aria-label={intl.formatMessage({ id: 'sdv.worklist.progressLabel' })}
      />
    </Box>
  );
}

export function SdvWorklistTable({ rows }: { rows: readonly SdvWorkRow[] }) {
  return (
    <Table size="small" data-testid="sdv-worklist">
      <TableHead>
        <TableRow>
          <TableCell>
            <FormattedMessage id="sdv.worklist.subject" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="sdv.worklist.visit" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="sdv.worklist.form" />
          </TableCell>
          <TableCell align="right">
            <FormattedMessage id="sdv.worklist.pending" />
          </TableCell>
          <TableCell align="right">
            <FormattedMessage id="sdv.worklist.reset" />
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.recordid} data-testid="sdv-worklist-row">
            <TableCell>{r.subjid}</TableCell>
            <TableCell>{r.visitnum}</TableCell>
            <TableCell>
              <Link
                component={RouterLink}
                to={formPath(
                  PATHS.subjects,
                  r.subjectid,
                  { visitnum: r.visitnum, cycnum: r.cycnum, svnum: r.svnum, tid: r.tid },
                  r.lineno > 1 ? r.lineno : undefined,
                )}
              >
                {r.lineno > 1 ? `${r.tid} #${r.lineno}` : r.tid}
              </Link>
            </TableCell>
            <TableCell align="right">{r.pending}</TableCell>
            <TableCell align="right">{r.reset}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function SdvWorklistPage() {
  const [page, setPage] = useState(1);
  const read = useEndpoint(sdvWorklist, { page, size: PAGE_SIZE });
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        <FormattedMessage id="sdv.worklist.title" />
      </Typography>
      <AsyncView state={read} isEmpty={() => false} data-testid="sdv-worklist">
        {(data) => (
          <>
            <SdvProgressBar progress={data.progress} />
            {data.list.length === 0 ? (
              <Typography data-testid="sdv-worklist-empty">
                <FormattedMessage id="sdv.worklist.empty" />
              </Typography>
            ) : (
              <SdvWorklistTable rows={data.list} />
            )}
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <FormattedMessage id="sdv.worklist.previous" />
              </Button>
              <Typography variant="body2">
                <FormattedMessage
                  id="sdv.worklist.page"
                  values={{ page, pages: Math.max(1, Math.ceil(data.total / PAGE_SIZE)) }}
                />
              </Typography>
              <Button disabled={page * PAGE_SIZE >= data.total} onClick={() => setPage((p) => p + 1)}>
                <FormattedMessage id="sdv.worklist.next" />
              </Button>
            </Box>
          </>
        )}
      </AsyncView>
    </Box>
  );
}
