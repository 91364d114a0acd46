import type { Timers } from '../../engine/ports';

/**
 * The browser's timers as the engine's Timers port. Each call reads `window.setTimeout` at that moment, so tests
 * with fake timers (installed after this module loaded) control them too.
 */
export const browserTimers: Timers = {
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};
