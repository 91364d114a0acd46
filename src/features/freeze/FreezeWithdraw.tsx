/**
 * Withdrawing one's own pending freeze or unfreeze requests (withdrawFreeze.do; docs/freeze.md) with a reason
 * (required): inline under a pending request of the freeze dialog, and as the freeze requests list's Withdraw action
 * on the selected requests. The server refuses someone else's request and one no longer pending, with its message,
 * shown in place; nothing is withdrawn then.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { FREEZE_REASON_MAX, withdrawFreeze } from '../../../engine/api/freeze';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useSubmission } from '../../../renderers/async/useSubmission';
import type { ListActionDialogProps } from '../../../renderers/list/types';
import { freezeReasonCheck } from './freezeReasonCheck';

export interface FreezeWithdrawFormProps {
  requestids: readonly string[];
  onWithdrawn(): void;
  onCancel(): void;
}

/** The reason and the Withdraw button; the server's refusal in place. */
export function FreezeWithdrawForm({ requestids, onWithdrawn, onCancel }: FreezeWithdrawFormProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [reason, setReason] = useState('');
  const { problem, busy, submit } = useSubmission('freeze.failed');

  const withdraw = () =>
    submit(
      () => freezeReasonCheck(requestids, reason),
      () =>
        client.call(withdrawFreeze, { reason: reason.trim(), requestids: [...requestids] }, { silent: true }),
      onWithdrawn,
    );

  return (
    <Box data-testid="freeze-withdraw-form" sx={{ display: 'grid', gap: 1, mt: 1 }}>
      {problem ? (
        <Alert severity="error" data-testid="freeze-withdraw-problem">
          {problem}
        </Alert>
      ) : null}
      <TextField
        fullWidth
        size="small"
        multiline
        minRows={2}
        required
        label={intl.formatMessage({ id: 'freeze.withdrawReason' })}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        slotProps={{ htmlInput: { maxLength: FREEZE_REASON_MAX, 'data-testid': 'freeze-withdraw-reason' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          <FormattedMessage id="freeze.cancel" />
        </Button>
        <Button
          variant="contained"
          color="warning"
          onClick={() => void withdraw()}
          disabled={busy}
          data-testid="freeze-withdraw-save"
        >
          <FormattedMessage id="freeze.withdraw" />
        </Button>
      </Box>
    </Box>
  );
}

/** The freeze requests list's Withdraw: the selected requests, all or none. The list is read again after. */
export function WithdrawFreezeDialog({ ctx, selected = [], onClose }: ListActionDialogProps) {
  const ids = selected.map((r) => String(r.requestid));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="freeze-withdraw-title">
      <DialogTitle id="freeze-withdraw-title">
        <FormattedMessage id="freeze.withdraw.title" values={{ count: ids.length }} />
      </DialogTitle>
      <DialogContent data-testid="freeze-withdraw-dialog">
        <FreezeWithdrawForm
          requestids={ids}
          onWithdrawn={() => {
            ctx.reload();
            onClose();
          }}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
