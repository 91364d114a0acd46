/**
 * The page sizes a list offers and the one the user last chose (session storage). Apart from the list query model
 * (listQuery.ts) so that a page that only pages — a log-line form — does not bring the search and column code.
 */
import type { KeyValueStore } from '../ports';
import { STORAGE_KEYS } from '../session/storageKeys';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from './types';

export function isPageSize(value: unknown): value is PageSize {
  return (PAGE_SIZES as readonly unknown[]).includes(value);
}

/** The page size the user last chose (session storage), DEFAULT_PAGE_SIZE when none or not valid. */
export function readStoredPageSize(store: KeyValueStore): PageSize {
  try {
    const size = Number(store.getItem(STORAGE_KEYS.pageSize));
    return isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function storePageSize(store: KeyValueStore, size: PageSize): void {
  try {
    store.setItem(STORAGE_KEYS.pageSize, String(size));
  } catch {
    // storage full or disabled: the list still works with the size for this visit
  }
}
