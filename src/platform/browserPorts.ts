/** The engine's ports, implemented with the browser's own objects. */
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

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}

export const documentCookies: CookieReader = (name) => readCookie(document.cookie, name);

export const locationNavigator: Navigator = {
  currentUrl: () => window.location.href,
  assign: (url) => window.location.assign(url),
};
