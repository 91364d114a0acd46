/**
 * The overview's bulk close: the selected queries closed with one reason (required: '关闭原因不能为空') in one request —
 * all or none (closeQuery.do); the server's refusal (a role that may not close, a query already closed) is shown in
 * place. The list is read again after.
 */
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { closeQuery, queryDictList } from '../../../engine/api/queries';
import { metaText } from '../../../engine/metadata/metaText';
import { SubmitDialog } from '../../../renderers/actions/SubmitDialog';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { useSubmission } from '../../../renderers/async/useSubmission';
import type { ListActionDialogProps } from '../../../renderers/list/types';
import { useEngineLocale } from '../../../renderers/search/metadataText';

export function BulkCloseDialog({ ctx, selected = [], onClose }: ListActionDialogProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const client = useApiClient();
  const dicts = useEndpoint(queryDictList, {});
  const [reason, setReason] = useState('');
  const submission = useSubmission('queries.actionFailed');
  const ids = selected.map((r) => String(r.queryid));

  const close = () =>
    submission.submit(
      () => (reason === '' ? 'queries.closeReasonRequired' : null),
      () =>
        client.call(
          closeQuery,
          { queryids: ids, reason, note: null, updatedat: undefined },
          { silent: true },
        ),
      () => {
        ctx.reload();
        onClose();
      },
    );

  return (
    <SubmitDialog
      name="bulk-close"
      title={<FormattedMessage id="queries.bulkClose.title" values={{ count: ids.length }} />}
      submitLabel={<FormattedMessage id="queries.close" />}
      cancelLabel={<FormattedMessage id="queries.thread.done" />}
      submission={submission}
      onSubmit={() => void close()}
      onClose={onClose}
    >
      <TextField
        select
        fullWidth
        size="small"
        sx={{ mt: 1 }}
        label={intl.formatMessage({ id: 'queries.closeReason' })}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      >
        {(dicts.status === 'ready' ? dicts.data.closeReasons : []).map((r) => (
          <MenuItem key={r.code} value={r.code}>
            {metaText(r.text, locale)}
          </MenuItem>
        ))}
      </TextField>
    </SubmitDialog>
  );
}
