import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
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
  error,
  helperText,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
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
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ input: { 'aria-describedby': helperId } }}
      />
      <FormHelperText id={helperId}>{error || helperText || ' '}</FormHelperText>
    </FormControl>
  );
}
