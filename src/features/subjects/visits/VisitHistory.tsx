/**
 * Shown on demand below the visit grid: the pages and visits marked not collected or not occurred
 * (disUnCollected.do, disUnHappen.do) and the visit audit trail (visitaudit.do: visits added and deleted, eCRFs
 * added and removed, marks set and lifted, with reason, who, role and when in the user's zone).
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  CASEBOOK_MARKS,
  disUnCollected,
  disUnHappen,
  visitAudit,
  type MarkedPage,
} from '../../../../engine/api/visits';
import { formatDateInZone } from '../../../../engine/fieldTypes/dates';
import { AsyncView } from '../../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useMetaText } from '../../../../renderers/search/metadataText';
import { useVisitLabel } from './visitDialogs';

const MARKS: ReadonlySet<string> = new Set(CASEBOOK_MARKS);

function Head({ ids }: { ids: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {ids.map((id) => (
          <TableCell key={id}>
            <FormattedMessage id={id} />
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function MarkedList({
  titleId,
  rows,
  testId,
}: {
  titleId: string;
  rows: readonly MarkedPage[];
  testId: string;
}) {
  const text = useMetaText();
  const label = useVisitLabel();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        <FormattedMessage id={titleId} values={{ count: rows.length }} />
      </Typography>
      {rows.length === 0 ? null : (
        <Table size="small" data-testid={testId}>
          <Head
            ids={['visit.history.visit', 'visit.history.page', 'visit.mark.reason', 'casebook.audit.user']}
          />
          <TableBody>
            {rows.map((r) => (
              <TableRow key={`${r.visitnum}.${r.cycnum}.${r.svnum}.${r.tid}`} data-testid={`${testId}-row`}>
                <TableCell>{label({ name: r.visitname, cycnum: r.cycnum, svnum: r.svnum })}</TableCell>
                <TableCell>
                  {r.formname === null ? (
                    <FormattedMessage id="visit.history.wholeVisit" />
                  ) : (
                    text(r.formname)
                  )}
                </TableCell>
                <TableCell>{[text(r.mark.reason), r.mark.reasontext].filter(Boolean).join(': ')}</TableCell>
                <TableCell>{r.mark.realname}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** The marked pages and the visit audit trail of a subject; `reloadToken` reads them again after a change. */
export function VisitHistory({
  subjectid,
  userTimeZone,
  reloadToken,
}: {
  subjectid: string;
  userTimeZone: string;
  reloadToken: number;
}) {
  const intl = useIntl();
  const text = useMetaText();
  const label = useVisitLabel();
  const uncollected = useEndpoint(disUnCollected, { subjectid }, { reloadToken });
  const unoccurred = useEndpoint(disUnHappen, { subjectid }, { reloadToken });
  const audit = useEndpoint(visitAudit, { subjectid }, { reloadToken });
  // a mark set or lifted is named; a visit date given when adding is shown as it is (yyyy-MM-dd)
  const markText = (v: string | null) =>
    v === null ? '' : MARKS.has(v) ? intl.formatMessage({ id: `visit.mark.${v}` }) : v;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="visit-history">
      <AsyncView state={uncollected} isEmpty={() => false} retryLabel={<FormattedMessage id="grid.retry" />}>
        {(rows) => <MarkedList titleId="visit.history.uncollected" rows={rows} testId="uncollected" />}
      </AsyncView>
      <AsyncView state={unoccurred} isEmpty={() => false} retryLabel={<FormattedMessage id="grid.retry" />}>
        {(rows) => <MarkedList titleId="visit.history.unoccurred" rows={rows} testId="unoccurred" />}
      </AsyncView>
      <AsyncView state={audit} isEmpty={() => false} retryLabel={<FormattedMessage id="grid.retry" />}>
        {(rows) => (
          <Box sx={{ overflowX: 'auto' }}>
            <Typography variant="subtitle2" component="h3">
              <FormattedMessage id="visit.audit.title" />
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <FormattedMessage id="audit.timeZone" values={{ zone: userTimeZone }} />
            </Typography>
            <Table size="small" data-testid="visit-audit">
              <Head
                ids={[
                  'casebook.audit.time',
                  'casebook.audit.user',
                  'casebook.audit.role',
                  'visit.audit.action',
                  'visit.history.visit',
                  'visit.history.page',
                  'casebook.audit.old',
                  'casebook.audit.new',
                  'visit.mark.reason',
                ]}
              />
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} data-testid="visit-audit-row" data-action={r.action}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateInZone(r.at, userTimeZone, true)}
                    </TableCell>
                    <TableCell>
                      {r.realname} ({r.username})
                    </TableCell>
                    <TableCell>{text(r.role)}</TableCell>
                    <TableCell>
                      <FormattedMessage id={`visit.audit.action.${r.action}`} />
                    </TableCell>
                    <TableCell>{label({ name: r.visitname, cycnum: r.cycnum, svnum: r.svnum })}</TableCell>
                    <TableCell>{r.formname === null ? '' : text(r.formname)}</TableCell>
                    <TableCell>{markText(r.originalvalue)}</TableCell>
                    <TableCell>{markText(r.currentvalue)}</TableCell>
                    <TableCell>
                      {[r.reason === null ? '' : text(r.reason), r.reasontext].filter(Boolean).join(': ')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </AsyncView>
    </Box>
  );
}
