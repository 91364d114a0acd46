import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from '../../intl';
import { useFieldOptions } from '../codeLists';
import { useMetaText } from '../metadataText';
import { OptionsHelper } from './OptionsHelper';
import { firstProblem, problemText } from './problemText';
import type { SearchWidgetProps } from './types';

/** Several options of a list, shown as chips. */
export function MultiSelectWidget({
  field,
  behaviour,
  label,
  value,
  onChange,
  problems,
  id,
}: SearchWidgetProps) {
  const intl = useIntl();
  const text = useMetaText();
  const state = useFieldOptions(field);
  const options = state.status === 'ready' ? state.options : [];
  const labels = new Map(options.map((o) => [o.value, text(o.label)]));
  const chosen = Array.isArray(value) ? (value as readonly string[]).filter((v) => labels.has(v)) : [];
  const problem = firstProblem(problems);
  const helper =
    state.status !== 'ready' ? (
      <OptionsHelper state={state} />
    ) : problem ? (
      problemText(intl, problem)
    ) : undefined;

  function change(next: unknown) {
    const list = typeof next === 'string' ? next.split(',') : Array.isArray(next) ? (next as string[]) : [];
    onChange(list.length === 0 ? behaviour.empty(field) : list);
  }

  return (
    <TextField
      id={id}
      select
      size="small"
      fullWidth
      label={label}
      value={chosen}
      disabled={state.status === 'loading'}
      onChange={(event) => change(event.target.value)}
      error={state.status === 'error' || problem?.level === 'error'}
      {...(helper ? { helperText: helper } : {})}
      slotProps={{
        htmlInput: { name: field.prop },
        // the label always sits on the (notched) outline, as in the single select: chips never run under it
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) =>
            (selected as string[]).length === 0 ? (
              <em>
                <FormattedMessage id="search.options.any" />
              </em>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {(selected as string[]).map((v) => (
                  <Chip key={v} size="small" label={labels.get(v) ?? v} />
                ))}
              </Box>
            ),
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {text(option.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}
