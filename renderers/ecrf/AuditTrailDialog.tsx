/**
 * The audit trail of one record, oldest first: what was entered or changed (variable, label, old → new value), why,
 * by whom in which role, and when — in the user's time zone.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuditTrailRow } from '../../engine/api/formContract';
import { formatDateInZone } from '../../engine/fieldTypes/dates';
import type { CompiledForm } from '../../engine/form/types';
import { metaText } from '../../engine/metadata/metaText';
import { LoadFailed } from '../LoadFailed';
import { PageLoading } from '../PageLoading';
import { useEngineLocale } from '../search/metadataText';

export interface AuditTrailDialogProps {
  open: boolean;
  /** The rows (oldest first); null while loading. */
  rows: readonly AuditTrailRow[] | null;
  /** Loading failed: shown with a retry. */
  failed?: boolean;
  onRetry?(): void;
  onClose(): void;
  /** The user's IANA time zone (login info). */
  userTimeZone: string;
  /** Labels of variables whose audit row carries none. */
  form?: CompiledForm | null;
}

const COLUMN_IDS = [
  'audit.column.variable',
  'audit.column.label',
  'audit.column.old',
  'audit.column.new',
  'audit.column.reason',
  'audit.column.user',
  'audit.column.role',
  'audit.column.time',
] as const;

const shown = (value: string | null) => (value === null || value === '' ? '—' : value);

export function AuditTrailDialog({
  open,
  rows,
  failed = false,
  onRetry,
  onClose,
  userTimeZone,
  form,
}: AuditTrailDialogProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const labelOf = (row: AuditTrailRow) => {
    const label = row.label ?? form?.items.get(row.variable)?.label ?? null;
    return label === null ? '' : metaText(label, locale);
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="audit-trail-title">
      <DialogTitle id="audit-trail-title">
        <FormattedMessage id="audit.title" />
      </DialogTitle>
      <DialogContent dividers>
        {failed ? (
          <LoadFailed
            message={<FormattedMessage id="audit.failed" />}
            retryLabel={<FormattedMessage id="audit.retry" />}
            onRetry={onRetry ?? onClose}
          />
        ) : rows === null ? (
          <PageLoading />
        ) : rows.length === 0 ? (
          <Typography variant="body2" data-testid="audit-empty">
            <FormattedMessage id="audit.empty" />
          </Typography>
        ) : (
          <>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              <FormattedMessage id="audit.timeZone" values={{ zone: userTimeZone }} />
            </Typography>
            <Table size="small" data-testid="audit-table">
              <TableHead>
                <TableRow>
                  {COLUMN_IDS.map((id) => (
                    <TableCell key={id}>{intl.formatMessage({ id })}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} data-testid="audit-row" data-action={row.action}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{row.variable}</TableCell>
                    <TableCell>{labelOf(row)}</TableCell>
                    <TableCell>{shown(row.oldvalue)}</TableCell>
                    <TableCell>{shown(row.newvalue)}</TableCell>
                    <TableCell>
                      {row.action === 'create' && row.reason === null ? (
                        <FormattedMessage id="audit.action.create" />
                      ) : (
                        shown(row.reason)
                      )}
                    </TableCell>
                    <TableCell>{`${row.realname} (${row.username})`}</TableCell>
                    <TableCell>{metaText(row.role, locale)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="audit-time">
                      {formatDateInZone(row.at, userTimeZone, true)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="audit.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
