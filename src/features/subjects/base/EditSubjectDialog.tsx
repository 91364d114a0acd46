/**
 * Change of a subject's registration (updatesubject.do): its number (checked as typed, like adding), protocol and
 * eCRF versions — with a reason.
 */
import { useMemo } from 'react';
import { useIntl } from '../../../../renderers/intl';
import { getCrfVer, getProtover, updateSubject, type AddSite } from '../../../../engine/api/subjects';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useSubjidCheck } from '../add/useSubjidCheck';
import { textOf, type DialogField } from '../fields/dialogFields';
import { versionField } from '../fields/subjectFields';
import { useFieldValues } from '../fields/useFieldValues';
import { ChangeDialog } from './ChangeDialog';
import type { SubjectActionDialogProps } from './subjectActionTypes';

export function EditSubjectDialog({ base, onClose, onChanged }: SubjectActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const s = base.subject;
  const [values, setValue] = useFieldValues(() => ({
    subjid: s.subjid,
    protover: base.protover.id,
    crfver: base.crfver.id,
  }));
  const protovers = useEndpoint(getProtover, {});
  const crfvers = useEndpoint(getCrfVer, {});
  // no pattern here: a new number is checked by the server alone (pattern and uniqueness), as typed
  const site = useMemo<AddSite>(
    () => ({ siteid: s.siteid, sitecode: s.sitecode, sitename: s.sitename, pattern: '', nextsubjid: '' }),
    [s.siteid, s.sitecode, s.sitename],
  );
  const subjid = textOf(values, 'subjid');
  const changed = subjid !== s.subjid;
  const check = useSubjidCheck(changed ? site : null, changed ? (values.subjid ?? '') : '', {
    subjectid: s.subjectid,
  });
  const bad = changed && (check.status === 'duplicate' || check.status === 'empty');
  const helper = !changed
    ? null
    : check.status === 'duplicate'
      ? check.message
      : check.status === 'checking'
        ? intl.formatMessage({ id: 'casebook.subjid.checking' })
        : check.status === 'ok'
          ? intl.formatMessage({ id: 'casebook.subjid.available' })
          : null;
  const fields: DialogField[] = [
    {
      kind: 'text',
      name: 'subjid',
      labelId: 'casebook.subjid',
      required: true,
      maxLength: 100,
      error: bad,
      helper,
    },
    versionField('protover', protovers.status === 'ready' ? protovers.data : [base.protover]),
    versionField('crfver', crfvers.status === 'ready' ? crfvers.data : [base.crfver]),
  ];

  return (
    <ChangeDialog
      id="edit-subject"
      titleId="casebook.editSubject.title"
      subjid={s.subjid}
      fields={fields}
      values={values}
      onChange={setValue}
      ready={!bad && subjid !== ''}
      onClose={onClose}
      onChanged={onChanged}
      submit={(reason) =>
        client.call(
          updateSubject,
          {
            subjectid: s.subjectid,
            updatedat: s.updatedat,
            subjid,
            protover: values.protover ?? '',
            crfver: values.crfver ?? '',
            reason,
          },
          { silent: true },
        )
      }
    />
  );
}
