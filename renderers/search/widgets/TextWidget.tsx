import type { KeyboardEvent } from 'react';
import TextField from '@mui/material/TextField';
import { useIntl } from '../../intl';
import { firstProblem, problemText } from './problemText';
import type { SearchWidgetProps } from './types';

type TextLikeProps = SearchWidgetProps & { inputMode: 'text' | 'decimal' };

/**
 * A one-line text input: typed text goes through the field type's `sanitizeInput` (num: digits and dot) and is cut
 * at its `maxLength` (text: 100, with the warning the field type gives at the limit). Enter searches.
 */
function TextLikeWidget({
  field,
  behaviour,
  label,
  value,
  onChange,
  onSubmit,
  problems,
  id,
  inputMode,
}: TextLikeProps) {
  const intl = useIntl();
  const text = typeof value === 'string' ? value : '';
  const problem = firstProblem(problems);
  const maxLength = behaviour.maxLength ?? undefined;

  function change(raw: string) {
    let next = behaviour.sanitizeInput ? behaviour.sanitizeInput(raw) : raw;
    if (maxLength !== undefined) next = next.slice(0, maxLength);
    onChange(next === '' ? behaviour.empty(field) : next);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  }

  return (
    <TextField
      id={id}
      size="small"
      fullWidth
      label={label}
      value={text}
      onChange={(event) => change(event.target.value)}
      onKeyDown={keyDown}
      error={problem?.level === 'error'}
      {...(problem ? { helperText: problemText(intl, problem) } : {})}
      slotProps={{
        htmlInput: { name: field.prop, inputMode, ...(maxLength !== undefined ? { maxLength } : {}) },
      }}
    />
  );
}

export function TextWidget(props: SearchWidgetProps) {
  return <TextLikeWidget {...props} inputMode="text" />;
}

export function NumberWidget(props: SearchWidgetProps) {
  return <TextLikeWidget {...props} inputMode="decimal" />;
}
