/**
 * A freeze in force in words: what is frozen (the subject, the page, an item), why, who applied and who approved,
 * and when — the frozen notice of a read-only page, the frozen item's dialog and the freeze dialog show it.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../../../renderers/intl';
import type { FreezeLevel } from '../../../engine/api/freeze';
import { formatDateInZone } from '../../../engine/fieldTypes/dates';

export interface FreezeDetailsProps {
  level: FreezeLevel;
  variable?: string | null;
  reason: string;
  approvedBy: string;
  requestedBy?: string;
  at: string;
  userTimeZone: string;
}

export function FreezeDetails(p: FreezeDetailsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }} data-testid="freeze-details" data-level={p.level}>
      <Typography variant="body2" data-testid="freeze-what">
        <FormattedMessage id={`freeze.frozenLevel.${p.level}`} values={{ variable: p.variable ?? '' }} />
      </Typography>
      <Typography variant="body2" data-testid="freeze-reason">
        <FormattedMessage id="freeze.reasonIs" values={{ reason: p.reason }} />
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="freeze-who">
        <FormattedMessage
          id={p.requestedBy ? 'freeze.appliedApproved' : 'freeze.approvedBy'}
          values={{
            applicant: p.requestedBy ?? '',
            approver: p.approvedBy,
            at: formatDateInZone(p.at, p.userTimeZone, true),
          }}
        />
      </Typography>
    </Box>
  );
}
