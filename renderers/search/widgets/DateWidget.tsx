import { useIntl } from '../../intl';
import { firstProblem, problemText } from './problemText';
import { ReadonlyDatePicker } from './ReadonlyDatePicker';
import type { SearchWidgetProps } from './types';

/** One date (`yyyy-MM-dd`), picked from a calendar. */
export function DateWidget({ field, behaviour, label, value, onChange, problems, id }: SearchWidgetProps) {
  const intl = useIntl();
  const problem = firstProblem(problems);
  return (
    <ReadonlyDatePicker
      id={id}
      name={field.prop}
      label={label}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => onChange(next ?? behaviour.empty(field))}
      error={problem?.level === 'error'}
      helperText={problem ? problemText(intl, problem) : null}
    />
  );
}
