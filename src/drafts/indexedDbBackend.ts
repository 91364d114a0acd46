/**
 * The drafts' storage in the browser: IndexedDB (db `edcweb-drafts`, store `drafts`, key → JSON text), which
 * survives a closed tab and a forced logout. Falls back to memory when IndexedDB is unavailable (private modes,
 * tests), and also when opening it fails.
 */
import { createMemoryBackend, type AsyncKeyValueBackend } from '../../engine/drafts';

export const DRAFT_DB_NAME = 'edcweb-drafts';
export const DRAFT_STORE_NAME = 'drafts';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The request's result once its transaction has committed (a write is durable only then). */
function committed<T>(tx: IDBTransaction, request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DRAFT_DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(DRAFT_STORE_NAME)) {
        request.result.createObjectStore(DRAFT_STORE_NAME);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
}

/** An IndexedDB backend over `factory` (window.indexedDB); memory when there is none or it cannot be opened. */
export function createIndexedDbBackend(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): AsyncKeyValueBackend {
  if (!factory) return createMemoryBackend();
  const fallback = createMemoryBackend();
  let db: Promise<IDBDatabase | null> | null = null;
  const database = () => {
    db ??= openDatabase(factory).catch(() => null);
    return db;
  };

  async function run<T>(
    mode: IDBTransactionMode,
    act: (store: IDBObjectStore) => IDBRequest<T>,
    orElse: (backend: AsyncKeyValueBackend) => Promise<unknown>,
  ): Promise<unknown> {
    const opened = await database();
    if (!opened) return orElse(fallback);
    const tx = opened.transaction(DRAFT_STORE_NAME, mode);
    const request = act(tx.objectStore(DRAFT_STORE_NAME));
    // reads answer with the request; writes once the transaction has committed
    return mode === 'readonly' ? promised(request) : committed(tx, request);
  }

  return {
    async get(key) {
      const value = await run(
        'readonly',
        (s) => s.get(key),
        (b) => b.get(key),
      );
      return typeof value === 'string' ? value : null;
    },
    async set(key, value) {
      await run(
        'readwrite',
        (s) => s.put(value, key),
        (b) => b.set(key, value),
      );
    },
    async delete(key) {
      await run(
        'readwrite',
        (s) => s.delete(key),
        (b) => b.delete(key),
      );
    },
    async keys(prefix) {
      // keys between the prefix and the prefix followed by the highest code unit
      const keys = await run(
        'readonly',
        (s) => s.getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`)),
        (b) => b.keys(prefix),
      );
      return (Array.isArray(keys) ? (keys as unknown[]) : []).filter(
        (k): k is string => typeof k === 'string' && k.startsWith(prefix),
      );
    },
  };
}
