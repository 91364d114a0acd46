import type { KeyValueStore } from '../ports';
import { KEYS_KEPT_ON_LOGOUT, STORAGE_KEYS } from './storageKeys';

/** Removes every session key except those kept on logout (the UI language, the integration address). */
export function clearSession(store: KeyValueStore): void {
  for (const key of Object.values(STORAGE_KEYS)) {
    if (!KEYS_KEPT_ON_LOGOUT.includes(key)) store.removeItem(key);
  }
}
