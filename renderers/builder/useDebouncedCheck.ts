/**
 * The check behind an editor: run `check(text)` once the builder pauses (CHECK_DELAY_MS after the last keystroke),
 * never per keystroke; a pending check runs at once on unmount (a language switch keeps the last edit).
 */
import { useEffect, useMemo, useRef } from 'react';
import { createDebounce } from '../../engine/timing/debounce';
import { browserTimers } from '../search/browserTimers';

/** Delay between the last keystroke and the check + preview. */
export const CHECK_DELAY_MS = 150;

export function useDebouncedCheck(check: (text: string) => void, delay = CHECK_DELAY_MS) {
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  const debounced = useMemo(
    () => createDebounce(browserTimers, delay, (read: () => string) => latest.current(read())),
    [delay],
  );
  useEffect(() => () => debounced.flush(), [debounced]);
  return debounced;
}
