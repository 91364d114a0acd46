/** Draws a dialog's declared fields (dialogFields.ts) on a two-column grid; `half` fields share a row. */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useIntl } from '../../../../renderers/intl';
import { DatePickerProvider } from '../../../../renderers/search/widgets/DatePickerProvider';
import { ReadonlyDatePicker } from '../../../../renderers/search/widgets/ReadonlyDatePicker';
import type { DialogField, FieldValue, FieldValues } from './dialogFields';

export interface DialogFieldsProps {
  /** Prefix of the fields' element ids. */
  id: string;
  fields: readonly DialogField[];
  values: FieldValues;
  onChange(name: string, value: FieldValue): void;
  /** A save was tried: missing required values show as such. */
  tried: boolean;
}

export function DialogFields({ id, fields, values, onChange, tried }: DialogFieldsProps) {
  const intl = useIntl();
  const hasDate = fields.some((f) => f.kind === 'date');
  const body = (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
      {fields.map((f) => {
        const value = f.kind === 'readonly' ? f.value : (values[f.name] ?? null);
        const missing = tried && f.required && (value === null || value.trim() === '');
        const error = Boolean(f.error) || missing;
        const helper = missing
          ? intl.formatMessage({ id: f.requiredId ?? 'casebook.required' })
          : (f.helper ?? ' ');
        const label = intl.formatMessage({ id: f.labelId });
        const span = { gridColumn: f.half ? 'span 1' : '1 / -1' };
        const helperSlot = f.helperTestId
          ? ({ 'data-testid': f.helperTestId, role: 'status' } as object)
          : undefined;
        switch (f.kind) {
          case 'date':
            return (
              <Box key={f.name} sx={span}>
                <ReadonlyDatePicker
                  id={`${id}-${f.name}`}
                  name={f.name}
                  label={label}
                  value={value}
                  onChange={(v) => onChange(f.name, v)}
                  required={f.required}
                  error={error}
                  helperText={missing || f.helper ? helper : null}
                />
              </Box>
            );
          case 'select':
            return (
              <TextField
                key={f.name}
                select
                label={label}
                value={value ?? ''}
                onChange={(e) => onChange(f.name, e.target.value)}
                required={f.required}
                disabled={f.disabled}
                error={error}
                helperText={helper}
                sx={span}
                slotProps={{
                  select: f.testId
                    ? { SelectDisplayProps: { 'data-testid': f.testId } as object }
                    : undefined,
                  formHelperText: helperSlot,
                }}
              >
                {f.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.emphasis ? <em>{o.label}</em> : o.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          default:
            return (
              <TextField
                key={f.name}
                label={label}
                value={value ?? ''}
                onChange={
                  f.kind === 'text'
                    ? (e) => {
                        const raw = f.numeric ? e.target.value.replace(/\D/g, '') : e.target.value;
                        onChange(f.name, f.normalize ? f.normalize(raw) : raw);
                      }
                    : undefined
                }
                required={f.required}
                disabled={f.kind === 'readonly' || f.disabled}
                multiline={f.kind === 'text' && f.multiline}
                minRows={f.kind === 'text' && f.multiline ? 2 : undefined}
                error={error}
                helperText={helper}
                sx={span}
                slotProps={{
                  htmlInput: {
                    maxLength: f.kind === 'text' ? f.maxLength : undefined,
                    inputMode: f.kind === 'text' && f.numeric ? 'numeric' : undefined,
                    'data-testid': f.testId,
                  },
                  formHelperText: helperSlot,
                }}
              />
            );
        }
      })}
    </Box>
  );
  return hasDate ? <DatePickerProvider>{body}</DatePickerProvider> : body;
}
