import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Timers } from '../../engine/ports';
import { createDebounce, type DebounceOptions, type Debounced } from '../../engine/timing/debounce';

/**
 * A debounced call of the latest `fn` (engine createDebounce on the given timers), stable for the component's life
 * and cancelled when it unmounts.
 */
export function useDebounce(
  timers: Timers,
  ms: number,
  fn: () => void,
  options?: DebounceOptions,
): Debounced<[]> {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  const [debounced] = useState(() => createDebounce<[]>(timers, ms, () => latest.current(), options));
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}
