/** Debounce and throttle on the injected Timers port (fake timers in tests, window timers in the browser). */
import type { TimerHandle, Timers } from '../ports';

/** Delays of the search bar and grid (spec): add/remove items, select search, button clicks, grid resize. */
export const SEARCH_DEBOUNCE = {
  addRemoveMs: 500,
  selectMs: 300,
  clickMs: 500,
  resizeThrottleMs: 300,
} as const;

export interface Debounced<A extends unknown[]> {
  call(...args: A): void;
  /** Runs a pending call now (nothing when none is pending). */
  flush(): void;
  /** Drops a pending call. */
  cancel(): void;
  pending(): boolean;
}

export interface DebounceOptions {
  /**
   * Run on the first call and ignore further calls until `ms` pass without one (buttons: a double click searches
   * once). Default false: run once, `ms` after the last call, with its arguments.
   */
  leading?: boolean;
}

/**
 * `ms`: the delay, or the delay for a call's arguments (a larger text waits for a longer pause before its costlier
 * work); each call waits its own delay.
 */
export function createDebounce<A extends unknown[]>(
  timers: Timers,
  ms: number | ((...args: A) => number),
  fn: (...args: A) => void,
  options: DebounceOptions = {},
): Debounced<A> {
  let handle: TimerHandle | null = null;
  let lastArgs: A | null = null;

  const stop = (): void => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  const fire = (): void => {
    stop();
    const args = lastArgs;
    lastArgs = null;
    if (args) fn(...args);
  };

  return {
    call(...args) {
      const delay = typeof ms === 'number' ? ms : ms(...args);
      if (options.leading) {
        const quiet = handle === null;
        stop();
        handle = timers.setTimeout(() => {
          handle = null;
        }, delay);
        if (quiet) fn(...args);
        return;
      }
      lastArgs = args;
      stop();
      handle = timers.setTimeout(fire, delay);
    },
    flush() {
      if (lastArgs) fire();
    },
    cancel() {
      stop();
      lastArgs = null;
    },
    pending: () => lastArgs !== null,
  };
}

/** Runs at once, then at most once per `ms` (with the latest arguments at the end of the window). */
export function createThrottle<A extends unknown[]>(
  timers: Timers,
  ms: number,
  fn: (...args: A) => void,
): Debounced<A> {
  let handle: TimerHandle | null = null;
  let lastArgs: A | null = null;

  const endWindow = (): void => {
    handle = null;
    if (lastArgs) {
      const args = lastArgs;
      lastArgs = null;
      fn(...args);
      handle = timers.setTimeout(endWindow, ms);
    }
  };

  return {
    call(...args) {
      if (handle === null) {
        fn(...args);
        handle = timers.setTimeout(endWindow, ms);
      } else {
        lastArgs = args;
      }
    },
    flush() {
      if (!lastArgs) return;
      const args = lastArgs;
      lastArgs = null;
      fn(...args);
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      lastArgs = null;
    },
    pending: () => lastArgs !== null,
  };
}
