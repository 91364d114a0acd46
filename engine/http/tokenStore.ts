import type { CookieReader, KeyValueStore, Navigator } from '../ports';
import { STORAGE_KEYS } from '../session/storageKeys';

/** The login token, kept in session storage. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /** Reads `?token=` from navigator.currentUrl() first, then the cookie "token", then the store; saves what it found to the store. */
  resolve(): string | null;
}

export const TOKEN_QUERY_PARAM = 'token';
export const TOKEN_COOKIE = 'token';

/** `?token=` of a URL, also when it sits in the hash (`#/entrance?token=…`). Relative URLs are fine. */
export function tokenFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://localhost');
  } catch {
    return null;
  }
  const fromSearch = parsed.searchParams.get(TOKEN_QUERY_PARAM);
  if (fromSearch) return fromSearch;
  const q = parsed.hash.indexOf('?');
  if (q < 0) return null;
  return new URLSearchParams(parsed.hash.slice(q + 1)).get(TOKEN_QUERY_PARAM) || null;
}

export function createTokenStore(
  store: KeyValueStore,
  navigator: Navigator,
  cookies: CookieReader,
): TokenStore {
  const get = (): string | null => store.getItem(STORAGE_KEYS.token) || null;
  const set = (token: string): void => store.setItem(STORAGE_KEYS.token, token);
  return {
    get,
    set,
    clear: () => store.removeItem(STORAGE_KEYS.token),
    resolve() {
      const found = tokenFromUrl(navigator.currentUrl()) || cookies(TOKEN_COOKIE) || get();
      if (found) set(found);
      return found;
    },
  };
}
