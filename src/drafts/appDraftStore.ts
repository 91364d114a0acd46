/**
 * The app's one draft store (IndexedDB, real clock), created on first use. Imported lazily only: it belongs to the
 * data-entry chunks, never to the login front.
 */
import { createDraftStore, type DraftStore } from '../../engine/drafts';
import { createIndexedDbBackend } from './indexedDbBackend';

let store: DraftStore | null = null;

export function appDraftStore(): DraftStore {
  if (!store) {
    store = createDraftStore({ backend: createIndexedDbBackend(), now: () => Date.now() });
    // expired drafts of any user go when the store is first used
    void store.purgeExpired().catch(() => 0);
  }
  return store;
}

/** Tests: a store of their own (memory backend, fake clock). */
export function setAppDraftStore(next: DraftStore | null): void {
  store = next;
}

/** A bound on how long a deliberate logout waits for the drafts to go. */
export const CLEAR_DRAFTS_TIMEOUT_MS = 1500;

/**
 * Removes the user's drafts in the study (deliberate logout only: a forced logout, idle timeout or 401 keeps them to
 * offer them back). Never rejects and never waits longer than CLEAR_DRAFTS_TIMEOUT_MS.
 */
export function clearUserDrafts(studyId: string, userId: string): Promise<void> {
  const cleared = appDraftStore()
    .clearUser(studyId, userId)
    .catch(() => undefined);
  const bounded = new Promise<void>((resolve) => setTimeout(resolve, CLEAR_DRAFTS_TIMEOUT_MS));
  return Promise.race([cleared, bounded]);
}
