/**
 * Leaving the session (spec §8): a forced logout shows why, then opens the login page with `expireType`; a forced
 * redirect (HTTP 503, 600–603) opens the address the server named. Only one of these runs at a time.
 */
import { DEFAULT_NOTICE_MS, type KeyValueStore, type Navigator, type Notifier, type Timers } from '../ports';
import { clearSession } from '../session/clearSession';
import { LOGOUT_REDIRECT_DELAY_MS, expireMessageId, type ExpireType } from '../session/expireTypes';

/** HTTP statuses that send the user away to an address from the response header. */
export const FORCED_REDIRECT_STATUSES = [503, 600, 601, 602, 603] as const;
export type ForcedRedirectStatus = (typeof FORCED_REDIRECT_STATUSES)[number];

export function isForcedRedirectStatus(status: number): status is ForcedRedirectStatus {
  return (FORCED_REDIRECT_STATUSES as readonly number[]).includes(status);
}

export interface LogoutControllerDeps {
  store: KeyValueStore;
  notifier: Notifier;
  navigator: Navigator;
  timers: Timers;
  appBase: string;
  onLogout?(code: ExpireType | null): void;
}

export interface LogoutController {
  /** A logout or forced redirect has started and the page has not been replaced yet. */
  readonly pending: boolean;
  /** Message of the code (603: `serverMsg`), then the login page with `?expireType=<code>` after 2 s; null: at once, no message. */
  forceLogout(code: ExpireType | null, serverMsg?: string): void;
  /** Clear the session and open `url` (603: show `serverMsg` first and wait 2 s). */
  forcedRedirect(status: ForcedRedirectStatus, url: string, serverMsg?: string): void;
  /**
   * Deliberate logout: clear the session and stop the app at once (so that nothing else reacts to the dying token),
   * run `farewell` (tell the server; its failure is ignored), then open the login page without a message.
   */
  logout(farewell: () => Promise<unknown>): Promise<void>;
}

/** `appBase` with exactly one trailing slash. */
export function normalizeAppBase(appBase: string): string {
  return `${appBase.replace(/\/+$/, '')}/`;
}

export function loginPageUrl(appBase: string, code: ExpireType | null): string {
  const page = `${normalizeAppBase(appBase)}loginfront`;
  return code === null ? page : `${page}?expireType=${code}`;
}

/** Where a forced redirect goes when the response names no address. */
export function fallbackRedirectUrl(appBase: string, status: ForcedRedirectStatus): string {
  const base = normalizeAppBase(appBase);
  if (status === 503) return `${base}500`;
  if (status === 603) return loginPageUrl(appBase, 603);
  return `${base}402?code=${status}`;
}

/** Accepts only same-origin paths and http(s) URLs from a response header (never `javascript:`). */
export function safeRedirectUrl(raw: string | null | undefined): string | null {
  const url = raw?.trim();
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  return null;
}

export function createLogoutController(deps: LogoutControllerDeps): LogoutController {
  let pending = false;

  function leave(code: ExpireType | null): void {
    pending = true;
    clearSession(deps.store);
    try {
      deps.onLogout?.(code);
    } catch {
      // the app's hook must not stop the logout
    }
  }

  function go(url: string): void {
    // still pending while the address is opened: an in-app navigation asks the page's leave guards synchronously,
    // and a logout under way must not be held by a form with unsaved values (its draft keeps them)
    try {
      deps.navigator.assign(url);
    } finally {
      pending = false;
    }
  }

  function goLater(url: string): void {
    deps.timers.setTimeout(() => go(url), LOGOUT_REDIRECT_DELAY_MS);
  }

  function tell(code: ExpireType, serverMsg: string | undefined): void {
    const text = code === 603 ? serverMsg?.trim() : undefined;
    deps.notifier.notify(
      text
        ? { level: 'warning', text, durationMs: DEFAULT_NOTICE_MS }
        : { level: 'warning', messageId: expireMessageId(code), durationMs: DEFAULT_NOTICE_MS },
    );
  }

  return {
    get pending() {
      return pending;
    },
    forceLogout(code, serverMsg) {
      if (pending) return;
      leave(code);
      if (code === null) {
        go(loginPageUrl(deps.appBase, null));
        return;
      }
      tell(code, serverMsg);
      goLater(loginPageUrl(deps.appBase, code));
    },
    forcedRedirect(status, url, serverMsg) {
      if (pending) return;
      leave(status);
      if (status === 603) {
        tell(603, serverMsg);
        goLater(url);
      } else {
        go(url);
      }
    },
    async logout(farewell) {
      if (pending) return;
      leave(null);
      try {
        await farewell();
      } catch {
        // the session is over for the client either way
      }
      go(loginPageUrl(deps.appBase, null));
    },
  };
}
