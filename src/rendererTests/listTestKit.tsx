/** Helpers for the search bar, grid and list screen tests: definitions endpoints of a fake client, manual timers. */
import type { TimerHandle, Timers } from '../../engine/ports';
import type { FakeHandlers } from '../../renderers/testing/fakeApiClient';

/** Handlers for GET endpoints built with definitionsEndpoint(path) / rowsEndpoint(path, method) (named by path). */
export function pathHandlers(byName: Record<string, unknown>): FakeHandlers {
  return byName as FakeHandlers;
}

export const definitionsName = (path: string) => `definitions:${path}`;
export const rowsName = (path: string, method: string) => `rows:${method}:${path}`;

export interface ManualTimers extends Timers {
  /** Runs every timeout due within `ms` from now, in time order. */
  advance(ms: number): void;
  pending(): number;
}

/** Timers that move only when told (the components take a Timers port). */
export function manualTimers(): ManualTimers {
  let now = 0;
  let nextId = 1;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      const id = nextId++;
      queue.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle: TimerHandle) {
      queue.delete(handle as number);
    },
    setInterval: () => 0,
    clearInterval: () => {},
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...queue.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
    pending: () => queue.size,
  };
}
