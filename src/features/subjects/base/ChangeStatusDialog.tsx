/**
 * A workflow change (changewkflow.do): the statuses the server allows the session from the subject's current one
 * (subjectbase.do `transitions`), with a reason.
 */
import { useIntl } from '../../../../renderers/intl';
import { changeWorkflow, type SubjectStatus } from '../../../../engine/api/subjects';
import { useApiClient } from '../../../../renderers/apiClientContext';
import type { DialogField } from '../fields/dialogFields';
import { useFieldValues } from '../fields/useFieldValues';
import { ChangeDialog } from './ChangeDialog';
import type { SubjectActionDialogProps } from './subjectActionTypes';

export function ChangeStatusDialog({ base, onClose, onChanged }: SubjectActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const s = base.subject;
  const [values, setValue] = useFieldValues(() => ({ status: base.transitions[0] ?? '' }));
  const statusText = (status: string) => intl.formatMessage({ id: `casebook.status.${status}` });
  const fields: DialogField[] = [
    { kind: 'readonly', name: 'current', labelId: 'casebook.currentStatus', value: statusText(s.status) },
    {
      kind: 'select',
      name: 'status',
      labelId: 'casebook.newStatus',
      required: true,
      testId: 'change-status-to',
      options: base.transitions.map((to) => ({ value: to, label: statusText(to) })),
    },
  ];

  return (
    <ChangeDialog
      id="change-status"
      titleId="casebook.changeStatus.title"
      subjid={s.subjid}
      fields={fields}
      values={values}
      onChange={setValue}
      onClose={onClose}
      onChanged={onChanged}
      submit={(reason) =>
        client.call(
          changeWorkflow,
          {
            subjectid: s.subjectid,
            updatedat: s.updatedat,
            status: values.status as SubjectStatus,
            reason,
          },
          { silent: true },
        )
      }
    />
  );
}
