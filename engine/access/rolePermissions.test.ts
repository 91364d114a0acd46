import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../session/storageKeys';
import { clearRolePermissions, loadRolePermissions, permits, saveRolePermissions } from './rolePermissions';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('role permissions', () => {
  it('keeps, reads and forgets them', () => {
    const store = memoryStore();
    expect(loadRolePermissions(store)).toBeNull();
    saveRolePermissions(store, ['query.close', 'query.view']);
    expect(loadRolePermissions(store)).toEqual(['query.close', 'query.view']);
    clearRolePermissions(store);
    expect(loadRolePermissions(store)).toBeNull();
  });

  it('reads corrupt storage as unknown', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.rolePermissions, '{not json');
    expect(loadRolePermissions(store)).toBeNull();
    store.setItem(STORAGE_KEYS.rolePermissions, '{"a":1}');
    expect(loadRolePermissions(store)).toBeNull();
  });

  it('offers ungated things always, gated ones only when held', () => {
    expect(permits(null, undefined)).toBe(true);
    expect(permits([], undefined)).toBe(true);
    expect(permits(null, 'query.close')).toBe(false);
    expect(permits(['query.view'], 'query.close')).toBe(false);
    expect(permits(['query.view', 'query.close'], 'query.close')).toBe(true);
  });
});
