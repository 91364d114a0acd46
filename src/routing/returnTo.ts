/**
 * Deep links opened while logged out: the address is remembered in session storage (in-app paths only, never the
 * login, entrance or error pages) and opened again after login and role choice (the landing of /index).
 */
import type { KeyValueStore } from '../../engine/ports';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { PATHS, isInAppPath } from './paths';

/** Pages that are never worth returning to: they only pass the user on, or say why something failed. */
const NOT_REMEMBERED: ReadonlySet<string> = new Set<string>([
  PATHS.root,
  PATHS.entrance,
  PATHS.loginFront,
  PATHS.checkRole,
  PATHS.index,
  PATHS.refresh,
  PATHS.indexRefresh,
  PATHS.unauthorized,
  PATHS.forcedLogout,
  PATHS.notFound,
  PATHS.serverError,
]);

/** Whether `path` (pathname with its query) may be remembered as the address to return to. */
export function isReturnablePath(path: string | null | undefined): path is string {
  if (!isInAppPath(path)) return false;
  const pathname = (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '') || '/';
  return !NOT_REMEMBERED.has(pathname);
}

/** Remembers `path` (an in-app path with its query) unless it is not one to return to. */
export function rememberReturnTo(store: KeyValueStore, path: string): void {
  if (isReturnablePath(path)) store.setItem(STORAGE_KEYS.returnTo, path);
}

/** The remembered address, removed from storage; null when none (or not a valid one). */
export function takeReturnTo(store: KeyValueStore): string | null {
  const path = store.getItem(STORAGE_KEYS.returnTo);
  store.removeItem(STORAGE_KEYS.returnTo);
  return isReturnablePath(path) ? path : null;
}
