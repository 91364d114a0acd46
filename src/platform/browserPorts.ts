/** The engine's ports, implemented with the browser's own objects. */
import { readCookieValue } from '../../engine/http/cookies';
import type { CookieReader, KeyValueStore, Navigator, Timers } from '../../engine/ports';

export function sessionStore(storage: Storage = window.sessionStorage): KeyValueStore {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}

export const windowTimers: Timers = {
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export const documentCookies: CookieReader = (name) => readCookieValue(document.cookie, name);

export const locationNavigator: Navigator = {
  currentUrl: () => window.location.href,
  assign: (url) => window.location.assign(url),
};

/** Opens an in-app path (router path, without the base) with the SPA router. */
export type InAppNavigate = (path: string, options: { replace: boolean }) => void;

export interface AppNavigator extends Navigator {
  /** Hands the router over once it exists (App.tsx); until then every address loads the page. */
  bindRouter(navigate: InAppNavigate | null): void;
}

/**
 * The router path of `url` when it is an address of this app (same origin, under `appBase`), else null.
 * `appBase` is `/edcweb/`.
 */
export function inAppPathOf(url: string, appBase: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  const base = appBase.replace(/\/+$/, '');
  if (parsed.pathname !== base && !parsed.pathname.startsWith(`${base}/`)) return null;
  const path = parsed.pathname.slice(base.length) || '/';
  return `${path}${parsed.search}${parsed.hash}`;
}

/**
 * The page's navigator: addresses of the app go through the router (no page load: a logout to the login front
 * works while the server is away, and the draft store stays open); other addresses replace the page.
 */
export function createAppNavigator(appBase: string, win: Window = window): AppNavigator {
  let navigate: InAppNavigate | null = null;
  return {
    currentUrl: () => win.location.href,
    assign(url) {
      const path = navigate ? inAppPathOf(url, appBase, win.location.origin) : null;
      if (navigate && path !== null) navigate(path, { replace: true });
      else win.location.assign(url);
    },
    bindRouter(next) {
      navigate = next;
    },
  };
}
