import { FormattedMessage } from '../../../../renderers/intl';
import Chip from '@mui/material/Chip';
import type { EntryStatus } from '../../../../engine/api/visits';

const COLOR = { '0': 'default', '1': 'warning', '2': 'success' } as const;

/** Entry status of a visit or form: not entered, entered (with problems or blanks), complete. */
export function EntryStatusChip({ status, testId }: { status: EntryStatus; testId?: string }) {
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === '0' ? 'outlined' : 'filled'}
      label={<FormattedMessage id={`visit.status.${status}`} />}
      data-status={status}
      data-testid={testId}
    />
  );
}
