import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface SelectInputProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  error?: string | null;
  /** `<option>` elements. */
  children?: ReactNode;
}

/** An outlined native select: accessible, light, and works with the keyboard and screen readers as is. */
export function SelectInput({ label, name, value, onChange, required, error, children }: SelectInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth variant="outlined" required={required} error={!!error}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput notched label={label} />}
        inputProps={{ id, name, 'aria-describedby': helperId }}
      >
        {children}
      </NativeSelect>
      <FormHelperText id={helperId}>{error || ' '}</FormHelperText>
    </FormControl>
  );
}
