/**
 * Options of code lists (`codelisttype`), loaded once per type and shared: concurrent requests for one type share a
 * single load, a loaded list is kept until `clear()`, a failed load is not kept (the next `get` tries again).
 */
import type { CodeOption } from '../metadata/types';

export type CodeListLoader = (codelisttype: string) => Promise<readonly CodeOption[]>;

export interface CodeListCache {
  /** The options of a code list: cached, already loading, or loaded now. */
  get(codelisttype: string): Promise<readonly CodeOption[]>;
  /** The options if loaded, without loading. */
  peek(codelisttype: string): readonly CodeOption[] | undefined;
  /** Forgets every list (e.g. after a role change: `SITE` depends on it); loads under way are not kept. */
  clear(): void;
}

export function createCodeListCache(load: CodeListLoader): CodeListCache {
  const loaded = new Map<string, readonly CodeOption[]>();
  const inFlight = new Map<string, Promise<readonly CodeOption[]>>();
  let generation = 0;

  return {
    get(codelisttype) {
      const hit = loaded.get(codelisttype);
      if (hit) return Promise.resolve(hit);
      const pending = inFlight.get(codelisttype);
      if (pending) return pending;
      const started = generation;
      const promise = Promise.resolve()
        .then(() => load(codelisttype))
        .then(
          (options) => {
            if (started === generation) {
              loaded.set(codelisttype, options);
              inFlight.delete(codelisttype);
            }
            return options;
          },
          (error: unknown) => {
            if (started === generation) inFlight.delete(codelisttype);
            throw error;
          },
        );
      inFlight.set(codelisttype, promise);
      return promise;
    },
    peek: (codelisttype) => loaded.get(codelisttype),
    clear() {
      generation += 1;
      loaded.clear();
      inFlight.clear();
    },
  };
}
