/** Change of a subject's base info (updateinfo.do): initials, sex, birth date, age — with a reason. */
import { useIntl } from '../../../../renderers/intl';
import { updateInfo } from '../../../../engine/api/subjects';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { sexField, initialsField } from '../fields/subjectFields';
import { textOf, type DialogField } from '../fields/dialogFields';
import { useFieldValues } from '../fields/useFieldValues';
import { ChangeDialog } from './ChangeDialog';
import type { SubjectActionDialogProps } from './subjectActionTypes';

const validAge = (age: string) => age === '' || (/^\d{1,3}$/.test(age) && Number(age) <= 150);

export function EditInfoDialog({ base, onClose, onChanged }: SubjectActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const s = base.subject;
  const [values, setValue] = useFieldValues(() => ({
    initials: s.initials,
    sex: s.sex,
    birthdate: s.birthdate,
    age: s.age === null ? '' : String(s.age),
  }));
  const age = textOf(values, 'age');
  const ageValid = validAge(age);
  const fields: DialogField[] = [
    { ...initialsField(), half: true, testId: 'edit-info-initials' },
    { ...sexField(intl), half: true },
    { kind: 'date', name: 'birthdate', labelId: 'casebook.birthdate', half: true },
    {
      kind: 'text',
      name: 'age',
      labelId: 'casebook.age',
      numeric: true,
      maxLength: 3,
      half: true,
      error: !ageValid,
      helper: ageValid ? null : intl.formatMessage({ id: 'casebook.ageInvalid' }),
    },
  ];

  return (
    <ChangeDialog
      id="edit-info"
      titleId="casebook.editInfo.title"
      subjid={s.subjid}
      fields={fields}
      values={values}
      onChange={setValue}
      ready={ageValid}
      onClose={onClose}
      onChanged={onChanged}
      submit={(reason) =>
        client.call(
          updateInfo,
          {
            subjectid: s.subjectid,
            updatedat: s.updatedat,
            initials: textOf(values, 'initials'),
            sex: values.sex ?? '',
            birthdate: values.birthdate ?? null,
            age: age === '' ? null : Number(age),
            reason,
          },
          { silent: true },
        )
      }
    />
  );
}
