/**
 * The calendar of an eCRF date (or date-time) item, loaded only when one is opened: a form of 1,000 items mounts
 * plain inputs, and the date picker code comes with the first calendar opened. The calendar is the search bar's
 * (MUI DateCalendar), so both pickers take the same keys: arrows move the day, PageUp / PageDown the month
 * (MUI: PageUp is the next month), Home / End the week, Enter or Space picks, Escape closes; Tab stays inside.
 */
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import FocusTrap from '@mui/material/Unstable_TrapFocus';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { DatePickerProvider } from '../../search/widgets/DatePickerProvider';
import { fromDayjs, toDayjs } from '../../search/widgets/ReadonlyDatePicker';

export interface DateCalendarPopupProps {
  /** The item's input: the calendar opens under it. */
  anchor: HTMLElement;
  /** Names the calendar dialog (the item's label). */
  label: string;
  /** The day shown first: `yyyy-MM-dd`, or null for today. */
  value: string | null;
  onPick(day: string): void;
  /** `refocus`: give focus back to the input (Escape); not when the user clicked elsewhere. */
  onClose(refocus: boolean): void;
}

export default function DateCalendarPopup({ anchor, label, value, onPick, onClose }: DateCalendarPopupProps) {
  return (
    <DatePickerProvider>
      <Popper open anchorEl={anchor} placement="bottom-start" sx={{ zIndex: 1300 }}>
        <ClickAwayListener onClickAway={() => onClose(false)}>
          <FocusTrap open>
            <Paper
              role="dialog"
              aria-label={label}
              elevation={8}
              tabIndex={-1}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  event.stopPropagation();
                  onClose(true);
                }
              }}
            >
              <DateCalendar
                value={toDayjs(value)}
                autoFocus
                onChange={(day, state) => {
                  const picked = fromDayjs(day);
                  if (state === 'finish' && picked !== null) onPick(picked);
                }}
              />
            </Paper>
          </FocusTrap>
        </ClickAwayListener>
      </Popper>
    </DatePickerProvider>
  );
}
