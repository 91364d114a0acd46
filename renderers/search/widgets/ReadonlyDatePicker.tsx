import { useRef, useState, type KeyboardEvent } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { isIsoDate } from '../../../engine/fieldTypes/dates';

/** The one date format of search values and of what the field shows. */
export const DATE_FORMAT = 'YYYY-MM-DD';

export function toDayjs(value: string | null): Dayjs | null {
  return value !== null && isIsoDate(value) ? dayjs(value, DATE_FORMAT) : null;
}

export function fromDayjs(value: Dayjs | null): string | null {
  return value && value.isValid() ? value.format(DATE_FORMAT) : null;
}

/** Keys that open the calendar from the field (the field itself cannot be typed into). */
const OPEN_KEYS = new Set(['Enter', ' ', 'Spacebar', 'ArrowDown']);
/** Keys that clear a value that is not required. */
const CLEAR_KEYS = new Set(['Delete', 'Backspace']);

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
  /** A required value is not cleared by Delete / Backspace. */
  required?: boolean;
}

/**
 * A date picker whose field cannot be typed into (spec §5), but is fully keyboard-operable: a click on the field, or
 * Enter / Space / ArrowDown on it, opens the calendar (arrows move the day, PageUp / PageDown the month, Enter picks,
 * Escape closes; focus comes back to the field); Delete / Backspace clears a value that is not required. The
 * calendar also has Clear and Today actions. Values are `yyyy-MM-dd` strings; nothing is shifted by a time zone.
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
  required,
}: ReadonlyDatePickerProps) {
  const [open, setOpen] = useState(false);
  const fieldRef = useRef<HTMLDivElement>(null);
  const min = minDate ? toDayjs(minDate) : null;

  function close() {
    setOpen(false);
    // back to the field, whichever way the calendar closed (a pick, Escape, Clear, Today)
    setTimeout(() => {
      const field = fieldRef.current?.querySelector<HTMLElement>('[role="group"]');
      if (field && !field.contains(document.activeElement)) field.focus();
    }, 0);
  }

  function keyDown(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      if (event.altKey && event.key === 'ArrowDown') {
        event.preventDefault();
        setOpen(true);
      }
      return;
    }
    if (OPEN_KEYS.has(event.key)) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(true);
    } else if (CLEAR_KEYS.has(event.key)) {
      event.preventDefault();
      if (!required && value !== null) onChange(null);
    }
  }

  return (
    <DesktopDatePicker
      label={label}
      value={toDayjs(value)}
      onChange={(next) => onChange(fromDayjs(next))}
      format={DATE_FORMAT}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      {...(min ? { minDate: min } : {})}
      slotProps={{
        field: { readOnly: true },
        textField: {
          ref: fieldRef,
          id,
          name,
          size: 'small',
          fullWidth: true,
          error: !!error,
          required: !!required,
          ...(helperText ? { helperText } : {}),
          onClick: () => setOpen(true),
          onKeyDown: keyDown,
        },
        actionBar: { actions: ['clear', 'today'] },
      }}
    />
  );
}
