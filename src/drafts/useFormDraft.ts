import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Draft, DraftScope, DraftStore } from '../../engine/drafts';
import { appDraftStore } from './appDraftStore';

/** The draft store of the pages below (tests and stories pass one over memory); the app's IndexedDB one if none. */
export const DraftStoreContext = createContext<DraftStore | null>(null);

export function useDraftStore(): DraftStore {
  return useContext(DraftStoreContext) ?? appDraftStore();
}

export interface FormDraft {
  /** The draft found when the page opened, until the user restores or discards it; null when none. */
  offer: Draft | null;
  /** The look-up of the opening draft is done (the page may then offer it). */
  checked: boolean;
  dismissOffer(): void;
  /** Writes the page's draft (writes and clears happen in the order asked). */
  write(draft: Draft): Promise<void>;
  clear(): Promise<void>;
}

/**
 * The draft of one page (`scope`; null: no drafts, e.g. read-only). Loads it once per scope to offer it back, and
 * writes and clears it in order, so that a clear after a successful save is never overtaken by an older write.
 * Storage failures are swallowed: a draft is a safety net, never a reason for the page to fail.
 */
export function useFormDraft(scope: DraftScope | null): FormDraft {
  const store = useDraftStore();
  const key = scope ? store.draftKey(scope) : null;
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [found, setFound] = useState<{ key: string | null; draft: Draft | null; checked: boolean }>({
    key: null,
    draft: null,
    checked: false,
  });

  useEffect(() => {
    let current = true;
    const s = scopeRef.current;
    if (!s || key === null) {
      setFound({ key, draft: null, checked: true });
      return;
    }
    setFound({ key, draft: null, checked: false });
    store.load(s).then(
      (draft) => current && setFound({ key, draft, checked: true }),
      () => current && setFound({ key, draft: null, checked: true }),
    );
    return () => {
      current = false;
    };
  }, [store, key]);

  const enqueue = useCallback((act: (s: DraftScope) => Promise<void>) => {
    const s = scopeRef.current;
    if (!s) return Promise.resolve();
    queue.current = queue.current.then(() => act(s)).catch(() => undefined);
    return queue.current;
  }, []);

  const write = useCallback((draft: Draft) => enqueue((s) => store.save(s, draft)), [enqueue, store]);
  const clear = useCallback(() => enqueue((s) => store.clear(s)), [enqueue, store]);
  const dismissOffer = useCallback(() => setFound((f) => ({ ...f, draft: null })), []);

  const fresh = found.key === key;
  return useMemo(
    () => ({
      offer: fresh ? found.draft : null,
      checked: fresh && found.checked,
      dismissOffer,
      write,
      clear,
    }),
    [fresh, found, dismissOffer, write, clear],
  );
}
