import { TOKEN_COOKIE, TOKEN_QUERY_PARAM } from '../api/protocol';
import type { CookieReader, KeyValueStore, Navigator } from '../ports';
import { STORAGE_KEYS } from '../session/storageKeys';

/** The login token, kept in session storage. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /**
   * The token of this tab: `?token=` of navigator.currentUrl() (a hand-off to this tab), else the one in session storage,
   * else the cookie "token" (a tab that has no session yet); saves what it found to the store. Session storage beats the
   * cookie because the cookie is shared by every tab: a login in another tab must not turn this tab into that user.
   */
  resolve(): string | null;
}

/** What stands in logs and reports where a login token was. */
export const REDACTED = '[redacted]';

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

const TOKEN_IN_URL = new RegExp(`([?&#]${TOKEN_QUERY_PARAM}=)[^&#\\s]*`, 'gi');

/**
 * A URL, or a text quoting one, with the value of every `token` query parameter (also one in the hash, and in any
 * letter case) replaced by REDACTED: for logs and reports, on the client and on the server.
 */
export function redactTokenInUrl(url: string): string {
  return url.replace(TOKEN_IN_URL, `$1${REDACTED}`);
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
      const found = tokenFromUrl(navigator.currentUrl()) || get() || cookies(TOKEN_COOKIE);
      if (found) set(found);
      return found;
    },
  };
}
