/** Fields several subject dialogs declare alike (adding a subject, changing its base info or registration). */
import type { IntlShape } from '../../../../renderers/intl';
import type { StudyVersion } from '../../../../engine/api/subjects';
import type { SelectOption, SelectFieldDef, TextFieldDef } from './dialogFields';

/** The most initials hold (savesubject.do, updateinfo.do). */
export const INITIALS_MAX_LENGTH = 10;

export const initialsField = (): TextFieldDef => ({
  kind: 'text',
  name: 'initials',
  labelId: 'casebook.initials',
  maxLength: INITIALS_MAX_LENGTH,
  normalize: (raw) => raw.toUpperCase(),
});

/** Sex (code list SEX) or not given. */
export const sexField = (intl: IntlShape): SelectFieldDef => ({
  kind: 'select',
  name: 'sex',
  labelId: 'casebook.sex',
  options: [
    { value: '', label: intl.formatMessage({ id: 'casebook.sex.none' }), emphasis: true },
    { value: 'M', label: intl.formatMessage({ id: 'casebook.sex.M' }) },
    { value: 'F', label: intl.formatMessage({ id: 'casebook.sex.F' }) },
  ],
});

export const versionOptions = (list: readonly StudyVersion[]): SelectOption[] =>
  list.map((v) => ({ value: v.id, label: v.name }));

/** A protocol or eCRF version, from the study's list. */
export function versionField(
  name: 'protover' | 'crfver',
  list: readonly StudyVersion[],
  extra: Partial<SelectFieldDef> = {},
): SelectFieldDef {
  return {
    kind: 'select',
    name,
    labelId: `casebook.${name}`,
    required: true,
    options: versionOptions(list),
    ...extra,
  };
}
