/**
 * Change of a subject's registration (updatesubject.do): its number (checked as typed, like adding), protocol and
 * eCRF versions — with a reason.
 */
import { useMemo, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useIntl } from 'react-intl';
import {
  getCrfVer,
  getProtover,
  updateSubject,
  type AddSite,
  type StudyVersion,
} from '../../../../engine/api/subjects';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useSubjidCheck } from '../add/useSubjidCheck';
import { ChangeDialog } from './ChangeDialog';
import type { SubjectActionDialogProps } from './subjectActionTypes';

export function EditSubjectDialog({ base, onClose, onChanged }: SubjectActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const s = base.subject;
  const [subjid, setSubjid] = useState(s.subjid);
  const [protover, setProtover] = useState(base.protover.id);
  const [crfver, setCrfver] = useState(base.crfver.id);
  const protovers = useEndpoint(getProtover, {});
  const crfvers = useEndpoint(getCrfVer, {});
  // no pattern here: a new number is checked by the server alone (pattern and uniqueness), as typed
  const site = useMemo<AddSite>(
    () => ({ siteid: s.siteid, sitecode: s.sitecode, sitename: s.sitename, pattern: '', nextsubjid: '' }),
    [s.siteid, s.sitecode, s.sitename],
  );
  const changed = subjid.trim() !== s.subjid;
  const check = useSubjidCheck(changed ? site : null, changed ? subjid : '', {
    subjectid: s.subjectid,
  });
  const bad = changed && (check.status === 'duplicate' || check.status === 'empty');
  const options = (list: readonly StudyVersion[] | null, current: StudyVersion) =>
    (list ?? [current]).map((v) => (
      <MenuItem key={v.id} value={v.id}>
        {v.name}
      </MenuItem>
    ));

  return (
    <ChangeDialog
      id="edit-subject"
      titleId="casebook.editSubject.title"
      subjid={s.subjid}
      ready={!bad && subjid.trim() !== ''}
      onClose={onClose}
      onChanged={onChanged}
      submit={(reason) =>
        client.call(
          updateSubject,
          { subjectid: s.subjectid, updatedat: s.updatedat, subjid: subjid.trim(), protover, crfver, reason },
          { silent: true },
        )
      }
    >
      <TextField
        label={intl.formatMessage({ id: 'casebook.subjid' })}
        value={subjid}
        onChange={(e) => setSubjid(e.target.value)}
        required
        error={bad}
        helperText={
          !changed
            ? ' '
            : check.status === 'duplicate'
              ? check.message
              : check.status === 'checking'
                ? intl.formatMessage({ id: 'casebook.subjid.checking' })
                : check.status === 'ok'
                  ? intl.formatMessage({ id: 'casebook.subjid.available' })
                  : ' '
        }
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        select
        label={intl.formatMessage({ id: 'casebook.protover' })}
        value={protover}
        onChange={(e) => setProtover(e.target.value)}
        required
      >
        {options(protovers.status === 'ready' ? protovers.data : null, base.protover)}
      </TextField>
      <TextField
        select
        label={intl.formatMessage({ id: 'casebook.crfver' })}
        value={crfver}
        onChange={(e) => setCrfver(e.target.value)}
        required
      >
        {options(crfvers.status === 'ready' ? crfvers.data : null, base.crfver)}
      </TextField>
    </ChangeDialog>
  );
}
