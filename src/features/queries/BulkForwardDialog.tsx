/**
 * The overview's bulk forward: the selected queries forwarded to one role with one note in one request — all or none
 * (forwardQueries.do); the roles offered are those queries may be forwarded to (queryHistoryRoleList.do of the first
 * selected query). The server's refusal (a role that may not forward, a closed query among them) is shown in place.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from 'react-intl';
import { QUERY_TEXT_MAX, forwardQueries, queryHistoryRoleList } from '../../../engine/api/queries';
import { RequestError } from '../../../engine/http/requestError';
import { metaText } from '../../../engine/metadata/metaText';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
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
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function forward() {
    setProblem(null);
    if (torole === '') return setProblem(intl.formatMessage({ id: 'queries.forwardRoleRequired' }));
    if (note.trim() === '') return setProblem(intl.formatMessage({ id: 'queries.textRequired' }));
    setBusy(true);
    try {
      await client.call(forwardQueries, { queryids: ids, torole, note }, { silent: true });
      ctx.reload();
      onClose();
    } catch (err) {
      setProblem(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'queries.actionFailed' }),
      );
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-forward-title">
      <DialogTitle id="bulk-forward-title">
        <FormattedMessage id="queries.bulkForward.title" values={{ count: ids.length }} />
      </DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="bulk-forward-problem">
            {problem}
          </Alert>
        ) : null}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="queries.thread.done" />
        </Button>
        <Button
          variant="contained"
          onClick={() => void forward()}
          disabled={busy}
          data-testid="bulk-forward-save"
        >
          <FormattedMessage id="queries.forward" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
