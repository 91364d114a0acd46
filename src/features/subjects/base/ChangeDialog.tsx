/**
 * The frame of every subject change: its declared fields, a required reason for change (spec §5, ICH E6(R3)), Save
 * and Cancel (FormDialog); a refusal (the server's message) is shown in place and what was typed stays.
 */
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from '../../../../renderers/intl';
import type { SubjectRow } from '../../../../engine/api/subjects';
import type { DialogField, FieldValue, FieldValues } from '../fields/dialogFields';
import { FormDialog } from '../fields/FormDialog';

/** The most a reason holds (the contract's `reason`). */
export const SUBJECT_REASON_MAX_LENGTH = 500;

/** The reason-for-change field of a dialog `id`. */
export function reasonField(id: string): DialogField {
  return {
    kind: 'text',
    name: 'reason',
    labelId: 'casebook.reason',
    required: true,
    requiredId: 'casebook.reasonRequired',
    multiline: true,
    maxLength: SUBJECT_REASON_MAX_LENGTH,
    testId: `${id}-reason`,
  };
}

const NO_FIELDS: readonly DialogField[] = [];
const NO_VALUES: FieldValues = {};

export interface ChangeDialogProps {
  id: string;
  titleId: string;
  subjid: string;
  /** The change's own fields (the reason is added after them). */
  fields?: readonly DialogField[];
  values?: FieldValues;
  onChange?(name: string, value: FieldValue): void;
  /** Shown above the fields. */
  children?: ReactNode;
  /** Whether the fields are complete (besides the required ones and the reason). */
  ready?: boolean;
  onClose(): void;
  /** Sends the change with the reason; the saved subject. */
  submit(reason: string): Promise<SubjectRow>;
  onChanged(row: SubjectRow): void;
}

export function ChangeDialog({
  id,
  titleId,
  subjid,
  fields = NO_FIELDS,
  values = NO_VALUES,
  onChange,
  children,
  ready = true,
  onClose,
  submit,
  onChanged,
}: ChangeDialogProps) {
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      id={id}
      title={<FormattedMessage id={titleId} values={{ subjid }} />}
      intro={children}
      fields={[...fields, reasonField(id)]}
      values={{ ...values, reason }}
      onChange={(name, value) => (name === 'reason' ? setReason(value ?? '') : onChange?.(name, value))}
      ready={ready}
      submit={() => submit(reason.trim())}
      onDone={onChanged}
      onClose={onClose}
    />
  );
}
