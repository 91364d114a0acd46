/**
 * Keyboard access to a calendar for the eCRF date and date-time inputs, which stay typeable (partial dates such as
 * `2024-UK-UK` are typed): on the input, ArrowDown (or Alt+ArrowDown) or Enter opens the calendar, and Space too for a
 * date; the calendar's keys are DateCalendarPopup's; a pick (or Escape) gives focus back to the input. A date-time
 * keeps its time when a day is picked. A pointer opens it with the calendar button beside the input, which is kept out
 * of the Tab order (the keys above do it) so that Tab goes from item to item.
 */
import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CompiledItem, FormValue } from '../../../engine/form/types';
import { metaText } from '../../../engine/metadata/metaText';
import { useEcrfEnv } from '../ecrfEnv';
import { iconClass } from '../icons';
import { textOf } from './types';

const DateCalendarPopup = lazy(() => import('./DateCalendarPopup'));

/** The wrapper adds no box: the input line's layout is the input's and its buttons'. */
const CONTENTS = { display: 'contents' } as const;

export type CalendarMode = 'date' | 'datetime';

/** The day of a typed value (`yyyy-MM-dd`), if it has one. */
function dayOf(text: string): string | null {
  return /^\d{4}-\d{2}-\d{2}/.exec(text.trim())?.[0] ?? null;
}

/** The value after a day is picked: a date-time keeps its time, or waits for one after a space. */
export function withPickedDay(mode: CalendarMode, text: string, day: string): string {
  if (mode === 'date') return day;
  const time = /\s+(\S+)$/.exec(text.trim())?.[1];
  return `${day} ${time ?? ''}`;
}

function opensCalendar(event: KeyboardEvent, mode: CalendarMode): boolean {
  if (event.ctrlKey || event.metaKey || event.shiftKey) return false;
  if (event.key === 'ArrowDown') return true;
  if (event.altKey) return false;
  return event.key === 'Enter' || (mode === 'date' && event.key === ' ');
}

export interface DateCalendarKeysProps {
  item: CompiledItem;
  value: FormValue;
  onChange(value: FormValue): void;
  readOnly: boolean;
  inputId: string;
  mode: CalendarMode;
  children: ReactNode;
}

export function DateCalendarKeys({
  item,
  value,
  onChange,
  readOnly,
  inputId,
  mode,
  children,
}: DateCalendarKeysProps) {
  const { locale, texts } = useEcrfEnv();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (readOnly || item.readonly) return <>{children}</>;
  const text = textOf(value);
  const label = metaText(item.label, locale);

  function open() {
    setAnchor(document.getElementById(inputId));
  }

  function close(refocus: boolean) {
    const input = anchor;
    setAnchor(null);
    if (refocus && input instanceof HTMLInputElement) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  }

  return (
    <span
      style={CONTENTS}
      onKeyDown={(event) => {
        if (anchor === null && (event.target as HTMLElement).id === inputId && opensCalendar(event, mode)) {
          event.preventDefault();
          open();
        }
      }}
    >
      {children}
      <button
        type="button"
        tabIndex={-1}
        className="ecrf-link"
        aria-label={texts.calendarOpen(label)}
        title={texts.calendarHelp}
        onClick={open}
      >
        <span className={iconClass('calendar')} aria-hidden="true" />
      </button>
      {anchor !== null && (
        <Suspense fallback={null}>
          <DateCalendarPopup
            anchor={anchor}
            label={label}
            value={dayOf(text)}
            onPick={(day) => {
              onChange(withPickedDay(mode, text, day));
              close(true);
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </span>
  );
}
