/**
 * The overview's bulk close: the selected queries closed with one reason (required: '关闭原因不能为空') in one request —
 * all or none (closeQuery.do); the server's refusal (a role that may not close, a query already closed) is shown in
 * place. The list is read again after.
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
import { closeQuery, queryDictList } from '../../../engine/api/queries';
import { RequestError } from '../../../engine/http/requestError';
import { metaText } from '../../../engine/metadata/metaText';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import type { ListActionDialogProps } from '../../../renderers/list/types';
import { useEngineLocale } from '../../../renderers/search/metadataText';

export function BulkCloseDialog({ ctx, selected = [], onClose }: ListActionDialogProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const client = useApiClient();
  const dicts = useEndpoint(queryDictList, {});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = selected.map((r) => String(r.queryid));

  async function close() {
    setProblem(null);
    if (reason === '') {
      setProblem(intl.formatMessage({ id: 'queries.closeReasonRequired' }));
      return;
    }
    setBusy(true);
    try {
      await client.call(
        closeQuery,
        { queryids: ids, reason, note: null, updatedat: undefined },
        { silent: true },
      );
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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-close-title">
      <DialogTitle id="bulk-close-title">
        <FormattedMessage id="queries.bulkClose.title" values={{ count: ids.length }} />
      </DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="bulk-close-problem">
            {problem}
          </Alert>
        ) : null}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="queries.thread.done" />
        </Button>
        <Button
          variant="contained"
          onClick={() => void close()}
          disabled={busy}
          data-testid="bulk-close-save"
        >
          <FormattedMessage id="queries.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
