/** Change of a subject's base info (updateinfo.do): initials, sex, birth date, age — with a reason. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useIntl } from 'react-intl';
import { updateInfo } from '../../../../engine/api/subjects';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { DatePickerProvider } from '../../../../renderers/search/widgets/DatePickerProvider';
import { ReadonlyDatePicker } from '../../../../renderers/search/widgets/ReadonlyDatePicker';
import { INITIALS_MAX_LENGTH, SexSelect } from '../add/AddSubjectDialog';
import { ChangeDialog } from './ChangeDialog';
import type { SubjectActionDialogProps } from './subjectActionTypes';

export function EditInfoDialog({ base, onClose, onChanged }: SubjectActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const s = base.subject;
  const [initials, setInitials] = useState(s.initials);
  const [sex, setSex] = useState(s.sex);
  const [birthdate, setBirthdate] = useState<string | null>(s.birthdate);
  const [age, setAge] = useState(s.age === null ? '' : String(s.age));
  const ageValid = age === '' || (/^\d{1,3}$/.test(age) && Number(age) <= 150);

  return (
    <ChangeDialog
      id="edit-info"
      titleId="casebook.editInfo.title"
      subjid={s.subjid}
      ready={ageValid}
      onClose={onClose}
      onChanged={onChanged}
      submit={(reason) =>
        client.call(
          updateInfo,
          {
            subjectid: s.subjectid,
            updatedat: s.updatedat,
            initials: initials.trim(),
            sex,
            birthdate,
            age: age === '' ? null : Number(age),
            reason,
          },
          { silent: true },
        )
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label={intl.formatMessage({ id: 'casebook.initials' })}
          value={initials}
          onChange={(e) => setInitials(e.target.value.toUpperCase())}
          slotProps={{ htmlInput: { maxLength: INITIALS_MAX_LENGTH, 'data-testid': 'edit-info-initials' } }}
        />
        <SexSelect value={sex} onChange={setSex} />
        <DatePickerProvider>
          <ReadonlyDatePicker
            id="edit-info-birthdate"
            name="birthdate"
            label={intl.formatMessage({ id: 'casebook.birthdate' })}
            value={birthdate}
            onChange={setBirthdate}
          />
        </DatePickerProvider>
        <TextField
          label={intl.formatMessage({ id: 'casebook.age' })}
          value={age}
          onChange={(e) => setAge(e.target.value.replace(/\D/g, ''))}
          error={!ageValid}
          helperText={ageValid ? ' ' : intl.formatMessage({ id: 'casebook.ageInvalid' })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
        />
      </Box>
    </ChangeDialog>
  );
}
