/**
 * The freeze requests list's Approve and Reject: the selected requests decided with one reason (required) in one
 * request — all or none (approveFreeze.do). The server's refusal (a role that may not approve, the approver's own
 * request, one decided already) is shown in place. The list is read again after.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from 'react-intl';
import { approveFreeze, FREEZE_REASON_MAX, type FreezeDecision } from '../../../engine/api/freeze';
import { RequestError } from '../../../engine/http/requestError';
import { useApiClient } from '../../../renderers/apiClientContext';
import type { ListActionDialogProps } from '../../../renderers/list/types';

export function FreezeDecisionDialog({
  ctx,
  selected = [],
  onClose,
  decision,
}: ListActionDialogProps & { decision: FreezeDecision }) {
  const intl = useIntl();
  const client = useApiClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = selected.map((r) => String(r.requestid));

  async function decide() {
    if (ids.length === 0) {
      setProblem(intl.formatMessage({ id: 'freeze.selectRequests' }));
      return;
    }
    if (reason.trim() === '') {
      setProblem(intl.formatMessage({ id: 'freeze.reasonRequired' }));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await client.call(
        approveFreeze,
        { decision, reason: reason.trim(), requestids: ids },
        { silent: true },
      );
      ctx.reload();
      onClose();
    } catch (err) {
      setProblem(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'freeze.failed' }),
      );
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="freeze-decision-title">
      <DialogTitle id="freeze-decision-title">
        <FormattedMessage id={`freeze.decision.${decision}.title`} values={{ count: ids.length }} />
      </DialogTitle>
      <DialogContent data-testid="freeze-decision-dialog">
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="freeze-decision-problem">
            {problem}
          </Alert>
        ) : null}
        <TextField
          fullWidth
          size="small"
          multiline
          minRows={2}
          required
          sx={{ mt: 1 }}
          label={intl.formatMessage({ id: 'freeze.decisionReason' })}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: FREEZE_REASON_MAX, 'data-testid': 'freeze-decision-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="freeze.cancel" />
        </Button>
        <Button
          variant="contained"
          color={decision === 'approve' ? 'primary' : 'error'}
          onClick={() => void decide()}
          disabled={busy}
          data-testid="freeze-decision-save"
        >
          <FormattedMessage id={`freeze.decision.${decision}`} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export const ApproveFreezeDialog = (props: ListActionDialogProps) => (
  <FreezeDecisionDialog {...props} decision="approve" />
);
export const RejectFreezeDialog = (props: ListActionDialogProps) => (
  <FreezeDecisionDialog {...props} decision="reject" />
);
