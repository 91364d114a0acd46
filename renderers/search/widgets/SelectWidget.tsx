import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from '../../intl';
import { useFieldOptions } from '../codeLists';
import { useMetaText } from '../metadataText';
import { OptionsHelper } from './OptionsHelper';
import { firstProblem, problemText } from './problemText';
import type { SearchWidgetProps } from './types';

/** One option of a list (inline or from a code list); "All" clears the choice. */
export function SelectWidget({ field, behaviour, label, value, onChange, problems, id }: SearchWidgetProps) {
  const intl = useIntl();
  const text = useMetaText();
  const state = useFieldOptions(field);
  const options = state.status === 'ready' ? state.options : [];
  const chosen = typeof value === 'string' && options.some((o) => o.value === value) ? value : '';
  const problem = firstProblem(problems);
  const helper =
    state.status !== 'ready' ? (
      <OptionsHelper state={state} />
    ) : problem ? (
      problemText(intl, problem)
    ) : undefined;
  return (
    <TextField
      id={id}
      select
      size="small"
      fullWidth
      label={label}
      value={chosen}
      disabled={state.status === 'loading'}
      onChange={(event) => onChange(event.target.value === '' ? behaviour.empty(field) : event.target.value)}
      error={state.status === 'error' || problem?.level === 'error'}
      {...(helper ? { helperText: helper } : {})}
      slotProps={{
        htmlInput: { name: field.prop },
        inputLabel: { shrink: true },
        select: { displayEmpty: true },
      }}
    >
      <MenuItem value="">
        <em>
          <FormattedMessage id="search.options.any" />
        </em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {text(option.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}
