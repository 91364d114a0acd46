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
