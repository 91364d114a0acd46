/**
 * The check behind an editor: run `check(text)` once the builder pauses, never per keystroke; a pending check runs
 * at once on unmount (a language switch keeps the last edit). The pause waited for grows with the text
 * (`checkDelay`): the check and the preview's remount of a 1,000-item schema cost a few hundred ms of main thread,
 * spent only when the builder has really stopped typing, not between two keys of a slow typist.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createDebounce } from '../../engine/timing/debounce';
import { browserTimers } from '../search/browserTimers';

/** Delay between the last keystroke and the check + preview (texts up to CHECK_DELAY_GROWS_FROM characters). */
export const CHECK_DELAY_MS = 150;
/** Text length from which the delay grows (~450 items of a generated form; 300 items are ~135,000 characters). */
export const CHECK_DELAY_GROWS_FROM = 200_000;
/** The longest delay (1,000 items, ~450,000 characters). */
export const CHECK_DELAY_MAX_MS = 400;

/** The pause before checking a text of `length` characters: +1 ms per 1,000 characters above the threshold. */
export function checkDelay(length: number, base = CHECK_DELAY_MS): number {
  const extra = Math.max(0, length - CHECK_DELAY_GROWS_FROM) / 1000;
  return Math.round(Math.min(Math.max(base, CHECK_DELAY_MAX_MS), base + extra));
}

export function useDebouncedCheck(check: (text: string) => void, delay = CHECK_DELAY_MS) {
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  const debounced = useMemo(
    () =>
      createDebounce(
        browserTimers,
        (_read: () => string, length = 0) => checkDelay(length, delay),
        (read: () => string, _length?: number) => latest.current(read()),
      ),
    [delay],
  );
  useEffect(() => () => debounced.flush(), [debounced]);
  return debounced;
}
