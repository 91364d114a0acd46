/**
 * The chosen role's permissions as menuList.do answers them (role_permissions: `query.close`, `coding.import` …),
 * kept in session storage like the allowed paths. The client uses them only to decide what to offer (a list action
 * the role cannot use is not drawn); the server checks every call on its own.
 */
import type { KeyValueStore } from '../ports';
import { STORAGE_KEYS } from '../session/storageKeys';

export function saveRolePermissions(store: KeyValueStore, permissions: readonly string[]): void {
  store.setItem(STORAGE_KEYS.rolePermissions, JSON.stringify(permissions));
}

/** Forgets them (a new role is being chosen: the old role's must not gate the new role's screens). */
export function clearRolePermissions(store: KeyValueStore): void {
  store.removeItem(STORAGE_KEYS.rolePermissions);
}

/** The kept permissions; null when none are kept or they are corrupt (unknown: gated actions are not offered). */
export function loadRolePermissions(store: KeyValueStore): string[] | null {
  const raw = store.getItem(STORAGE_KEYS.rolePermissions);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * Whether something gated by `permission` is offered: always when it names none; otherwise only when the role's
 * permissions are known and hold it.
 */
export function permits(held: readonly string[] | null, permission: string | undefined): boolean {
  if (!permission) return true;
  return held !== null && held.includes(permission);
}
