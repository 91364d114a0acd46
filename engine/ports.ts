/**
 * What the engine needs from its host, injected so that the engine stays pure (no DOM, no real timers):
 * the browser passes sessionStorage, window timers and a toast notifier; tests pass fakes.
 */

/** The subset of the Web Storage API the engine uses (sessionStorage in the browser). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type TimerHandle = unknown;

/** setInterval/setTimeout, injected (vi.useFakeTimers in tests). */
export interface Timers {
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export type NoticeLevel = 'success' | 'info' | 'warning' | 'error';

/**
 * Something to tell the user. `messageId` is a key of the i18n catalogues (see messages.ts), translated by the app;
 * `text` is a message the server already wrote (its `msg`), shown as is.
 */
export interface Notice {
  level: NoticeLevel;
  messageId?: string;
  values?: Record<string, string | number>;
  text?: string;
  /** How long the toast stays, 2–3 s by default. */
  durationMs?: number;
}

export interface Notifier {
  notify(notice: Notice): void;
}

/** Navigation the engine asks for (the login page after a logout, the address from a response header). */
export interface Navigator {
  /** Location of the current page (to read the token from the query). */
  currentUrl(): string;
  /**
   * Opens `url`. An address of the app itself (under the app base, e.g. `/edcweb/loginfront?expireType=401`) is
   * opened by the app's router, without loading the page again (so the login front works while the server is away);
   * any other address replaces the page.
   */
  assign(url: string): void;
}

/** Reads one cookie by name (document.cookie in the browser). */
export type CookieReader = (name: string) => string | null;

export const DEFAULT_NOTICE_MS = 2500;
