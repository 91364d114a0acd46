import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { CasebookMark } from '../../../../engine/api/visits';
import { useMetaText } from '../../../../renderers/search/metadataText';

const COLOR = { uncollected: 'info', unoccurred: 'secondary', invalid: 'error' } as const;

/** The mark of a page or visit (not collected, not occurred, invalid), its reason, who and when on hover. */
export function MarkChip({ mark, testId }: { mark: CasebookMark; testId?: string }) {
  const intl = useIntl();
  const text = useMetaText();
  const reason = [text(mark.reason), mark.reasontext].filter(Boolean).join(': ');
  return (
    <Tooltip
      title={intl.formatMessage(
        { id: 'visit.mark.tooltip' },
        { reason, user: mark.realname, at: mark.at.slice(0, 10) },
      )}
    >
      <Chip
        size="small"
        color={COLOR[mark.mark]}
        label={<FormattedMessage id={`visit.mark.${mark.mark}`} />}
        data-mark={mark.mark}
        data-testid={testId}
      />
    </Tooltip>
  );
}
