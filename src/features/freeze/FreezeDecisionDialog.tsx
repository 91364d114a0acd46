/**
 * The freeze requests list's Approve and Reject: the selected requests decided with one reason (required) in one
 * request — all or none (approveFreeze.do). The server's refusal (a role that may not approve, the approver's own
 * request, one decided already) is shown in place. The list is read again after.
 */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { approveFreeze, FREEZE_REASON_MAX, type FreezeDecision } from '../../../engine/api/freeze';
import { SubmitDialog } from '../../../renderers/actions/SubmitDialog';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useSubmission } from '../../../renderers/async/useSubmission';
import type { ListActionDialogProps } from '../../../renderers/list/types';
import { freezeReasonCheck } from './freezeReasonCheck';

export function FreezeDecisionDialog({
  ctx,
  selected = [],
  onClose,
  decision,
}: ListActionDialogProps & { decision: FreezeDecision }) {
  const intl = useIntl();
  const client = useApiClient();
  const [reason, setReason] = useState('');
  const submission = useSubmission('freeze.failed');
  const ids = selected.map((r) => String(r.requestid));

  const decide = () =>
    submission.submit(
      () => freezeReasonCheck(ids, reason),
      () =>
        client.call(approveFreeze, { decision, reason: reason.trim(), requestids: ids }, { silent: true }),
      () => {
        ctx.reload();
        onClose();
      },
    );

  return (
    <SubmitDialog
      name="freeze-decision"
      title={<FormattedMessage id={`freeze.decision.${decision}.title`} values={{ count: ids.length }} />}
      submitLabel={<FormattedMessage id={`freeze.decision.${decision}`} />}
      cancelLabel={<FormattedMessage id="freeze.cancel" />}
      submitColor={decision === 'approve' ? 'primary' : 'error'}
      submission={submission}
      onSubmit={() => void decide()}
      onClose={onClose}
    >
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
    </SubmitDialog>
  );
}

export const ApproveFreezeDialog = (props: ListActionDialogProps) => (
  <FreezeDecisionDialog {...props} decision="approve" />
);
export const RejectFreezeDialog = (props: ListActionDialogProps) => (
  <FreezeDecisionDialog {...props} decision="reject" />
);
