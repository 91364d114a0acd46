/**
 * Options of select fields: inline (`selector`) or fetched per code list (`codelisttype`) through one cache per
 * request client, shared by every search bar and grid of the app (so SEX is fetched once).
 */
import { useCallback, useEffect, useState } from 'react';
import { codeList } from '../../engine/api/lists';
import type { ApiClient } from '../../engine/http/createApiClient';
import { createCodeListCache, type CodeListCache } from '../../engine/list/codeListCache';
import { codeOptionsFromWire } from '../../engine/metadata/codeOptions';
import type { CodeOption, SearchFieldDef } from '../../engine/metadata/types';
import { useApiClient } from '../apiClientContext';

const caches = new WeakMap<ApiClient, CodeListCache>();

/** The code-list cache of a request client (created on first use). */
export function codeListCacheFor(client: ApiClient): CodeListCache {
  let cache = caches.get(client);
  if (!cache) {
    cache = createCodeListCache(async (codelisttype: string) =>
      // the select shows the failure in place; no toast on top of it
      codeOptionsFromWire(await client.call(codeList, { codelisttype }, { silent: true })),
    );
    caches.set(client, cache);
  }
  return cache;
}

export function useCodeListCache(): CodeListCache {
  return codeListCacheFor(useApiClient());
}

export type OptionsState =
  | { status: 'ready'; options: readonly CodeOption[] }
  | { status: 'loading' }
  | { status: 'error'; retry(): void };

/** The options of a field: at once when inline or cached, otherwise loaded (with a retry after a failure). */
export function useFieldOptions(field: Pick<SearchFieldDef, 'options' | 'codelisttype'>): OptionsState {
  const cache = useCodeListCache();
  const { options, codelisttype } = field;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{
    type: string;
    attempt: number;
    options?: readonly CodeOption[];
    failed?: boolean;
  } | null>(null);

  useEffect(() => {
    if (options || !codelisttype || cache.peek(codelisttype)) return;
    let current = true;
    cache.get(codelisttype).then(
      (list) => {
        if (current) setLoaded({ type: codelisttype, attempt, options: list });
      },
      () => {
        if (current) setLoaded({ type: codelisttype, attempt, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [cache, options, codelisttype, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (options) return { status: 'ready', options };
  if (!codelisttype) return { status: 'ready', options: [] };
  const cached = cache.peek(codelisttype);
  if (cached) return { status: 'ready', options: cached };
  if (loaded && loaded.type === codelisttype && loaded.attempt === attempt) {
    if (loaded.options) return { status: 'ready', options: loaded.options };
    if (loaded.failed) return { status: 'error', retry };
  }
  return { status: 'loading' };
}
