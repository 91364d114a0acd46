import { useEffect } from 'react';
import type { KeyValueStore } from '../../../../engine/ports';
import { STORAGE_KEYS } from '../../../../engine/session/storageKeys';

/**
 * The `crfstatus` session value (sent as the `crfstatus` header of every request, spec §6–§7): the entry status of
 * the form open on the page, set while it is open and cleared when it is left.
 */
export function useCrfStatus(store: KeyValueStore, status: string | null): void {
  useEffect(() => {
    if (status === null) return;
    store.setItem(STORAGE_KEYS.crfstatus, status);
    return () => store.removeItem(STORAGE_KEYS.crfstatus);
  }, [store, status]);
}
