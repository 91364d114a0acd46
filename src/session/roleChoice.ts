import type { LoginInfo } from '../../engine/api/session';
import type { KeyValueStore } from '../../engine/ports';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';

/** A role and site were chosen: the server says so in the login info, or this tab kept the role's allowed paths. */
export function hasChosenRole(store: KeyValueStore, info: LoginInfo | null): boolean {
  if (info?.roleid && info.siteid) return true;
  return store.getItem(STORAGE_KEYS.allowedPaths) !== null;
}
