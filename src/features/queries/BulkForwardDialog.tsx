/**
 * The overview's bulk forward: the selected queries forwarded to one role with one note in one request — all or none
 * (forwardQueries.do); the roles offered are those queries may be forwarded to (queryHistoryRoleList.do of the first
 * selected query). The server's refusal (a role that may not forward, a closed query among them) is shown in place.
 */
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { QUERY_TEXT_MAX, forwardQueries, queryHistoryRoleList } from '../../../engine/api/queries';
import { metaText } from '../../../engine/metadata/metaText';
import { SubmitDialog } from '../../../renderers/actions/SubmitDialog';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { useSubmission } from '../../../renderers/async/useSubmission';
import type { ListActionDialogProps } from '../../../renderers/list/types';
import { useEngineLocale } from '../../../renderers/search/metadataText';

export function BulkForwardDialog({ ctx, selected = [], onClose }: ListActionDialogProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const client = useApiClient();
  const ids = selected.map((r) => String(r.queryid));
  const roles = useEndpoint(queryHistoryRoleList, ids[0] ? { queryid: ids[0] } : null);
  const [torole, setTorole] = useState('');
  const [note, setNote] = useState('');
  const submission = useSubmission('queries.actionFailed');

  const forward = () =>
    submission.submit(
      () =>
        torole === '' ? 'queries.forwardRoleRequired' : note.trim() === '' ? 'queries.textRequired' : null,
      () => client.call(forwardQueries, { queryids: ids, torole, note }, { silent: true }),
      () => {
        ctx.reload();
        onClose();
      },
    );

  return (
    <SubmitDialog
      name="bulk-forward"
      title={<FormattedMessage id="queries.bulkForward.title" values={{ count: ids.length }} />}
      submitLabel={<FormattedMessage id="queries.forward" />}
      cancelLabel={<FormattedMessage id="queries.thread.done" />}
      submission={submission}
      onSubmit={() => void forward()}
      onClose={onClose}
    >
      <TextField
        select
        fullWidth
        size="small"
        sx={{ mt: 1 }}
        label={intl.formatMessage({ id: 'queries.forwardTo' })}
        value={torole}
        onChange={(e) => setTorole(e.target.value)}
        data-testid="bulk-forward-role"
      >
        {(roles.status === 'ready' ? roles.data.forwardTo : []).map((r) => (
          <MenuItem key={r.rolecode} value={r.rolecode}>
            {metaText(r.name, locale)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        multiline
        minRows={3}
        size="small"
        sx={{ mt: 2 }}
        label={intl.formatMessage({ id: 'queries.bulkForward.note' })}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: QUERY_TEXT_MAX } }}
        data-testid="bulk-forward-note"
      />
    </SubmitDialog>
  );
}
