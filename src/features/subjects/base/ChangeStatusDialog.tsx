/**
 * A workflow change (changewkflow.do): the statuses the server allows the session from the subject's current one
 * (subjectbase.do `transitions`), with a reason.
 */
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useIntl } from 'react-intl';
import { changeWorkflow, type SubjectStatus } from '../../../../engine/api/subjects';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { ChangeDialog } from './ChangeDialog';
import type { SubjectActionDialogProps } from './subjectActionTypes';

export function ChangeStatusDialog({ base, onClose, onChanged }: SubjectActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const s = base.subject;
  const [status, setStatus] = useState<SubjectStatus | ''>(base.transitions[0] ?? '');

  return (
    <ChangeDialog
      id="change-status"
      titleId="casebook.changeStatus.title"
      subjid={s.subjid}
      ready={status !== ''}
      onClose={onClose}
      onChanged={onChanged}
      submit={(reason) =>
        client.call(
          changeWorkflow,
          { subjectid: s.subjectid, updatedat: s.updatedat, status: status as SubjectStatus, reason },
          { silent: true },
        )
      }
    >
      <TextField
        label={intl.formatMessage({ id: 'casebook.currentStatus' })}
        value={intl.formatMessage({ id: `casebook.status.${s.status}` })}
        disabled
      />
      <TextField
        select
        label={intl.formatMessage({ id: 'casebook.newStatus' })}
        value={status}
        onChange={(e) => setStatus(e.target.value as SubjectStatus)}
        required
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'change-status-to' } as object } }}
      >
        {base.transitions.map((to) => (
          <MenuItem key={to} value={to}>
            {intl.formatMessage({ id: `casebook.status.${to}` })}
          </MenuItem>
        ))}
      </TextField>
    </ChangeDialog>
  );
}
