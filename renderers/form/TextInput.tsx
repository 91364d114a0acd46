import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { limitChange } from '../../engine/input/textLimit';
import { useLimitHintText } from './LimitHint';

export interface TextInputProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  /**
   * At most this many characters (e.g. `textLimitOf(strLength)`): typing and pasting past it are cut at it, and
   * the field warns once the text reaches it.
   */
  maxLength?: number;
  /** Shown under the field in the error colour. */
  error?: string | null;
  helperText?: ReactNode;
}

/**
 * An outlined text field. Built from the input parts instead of MUI's TextField, which also bundles Select,
 * Menu and Popover: the login front must stay small.
 */
export function TextInput({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  maxLength,
  error,
  helperText,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const limitText = useLimitHintText(value, maxLength);
  const warning = !error && limitText !== null;
  return (
    <FormControl fullWidth variant="outlined" required={required} error={!!error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        onChange={(event) => {
          const next = event.target.value;
          onChange(maxLength === undefined ? next : limitChange(value, next, maxLength));
        }}
        slotProps={{
          input: { 'aria-describedby': helperId, ...(maxLength === undefined ? {} : { maxLength }) },
        }}
      />
      <FormHelperText
        id={helperId}
        aria-live="polite"
        data-level={warning ? 'warning' : undefined}
        sx={warning ? { color: 'warning.dark' } : undefined}
      >
        {error || limitText || helperText || ' '}
      </FormHelperText>
    </FormControl>
  );
}
