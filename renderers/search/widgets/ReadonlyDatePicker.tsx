import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { isIsoDate } from '../../../engine/fieldTypes/dates';

/** The one date format of search values and of what the field shows. */
export const DATE_FORMAT = 'YYYY-MM-DD';

export function toDayjs(value: string | null): Dayjs | null {
  return value !== null && isIsoDate(value) ? dayjs(value, DATE_FORMAT) : null;
}

export function fromDayjs(value: Dayjs | null): string | null {
  return value && value.isValid() ? value.format(DATE_FORMAT) : null;
}

export interface ReadonlyDatePickerProps {
  id: string;
  name: string;
  label: string;
  /** `yyyy-MM-dd` or null. */
  value: string | null;
  onChange(value: string | null): void;
  /** Days before it cannot be picked (the start of a range, for its end). */
  minDate?: string | null;
  error?: boolean;
  helperText?: string | null;
}

/**
 * A date picker whose field cannot be typed into: a click on the field (or its button) opens the calendar, which
 * has Clear and Today actions. Values are `yyyy-MM-dd` strings; nothing is shifted by a time zone.
 */
export function ReadonlyDatePicker({
  id,
  name,
  label,
  value,
  onChange,
  minDate,
  error,
  helperText,
}: ReadonlyDatePickerProps) {
  const [open, setOpen] = useState(false);
  const min = minDate ? toDayjs(minDate) : null;
  return (
    <DatePicker
      label={label}
      value={toDayjs(value)}
      onChange={(next) => onChange(fromDayjs(next))}
      format={DATE_FORMAT}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      {...(min ? { minDate: min } : {})}
      slotProps={{
        field: { readOnly: true },
        textField: {
          id,
          name,
          size: 'small',
          fullWidth: true,
          error: !!error,
          ...(helperText ? { helperText } : {}),
          onClick: () => setOpen(true),
        },
        actionBar: { actions: ['clear', 'today'] },
      }}
    />
  );
}
