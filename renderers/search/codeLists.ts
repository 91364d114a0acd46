/**
 * Options of select fields: inline (`selector`) or fetched per code list (`codelisttype`) through one cache per
 * request client, shared by every search bar and grid of the app (so SEX is fetched once).
 */
import { codeList } from '../../engine/api/lists';
import type { ApiClient } from '../../engine/http/createApiClient';
import { createCodeListCache, type CodeListCache } from '../../engine/list/codeListCache';
import { codeOptionsFromWire } from '../../engine/metadata/codeOptions';
import type { CodeOption, SearchFieldDef } from '../../engine/metadata/types';
import { useApiClient } from '../apiClientContext';
import { useAsync } from '../async/useAsync';

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
  const cached = codelisttype ? cache.peek(codelisttype) : undefined;
  const loaded = useAsync(
    () => cache.get(codelisttype ?? ''),
    options || !codelisttype || cached ? null : codelisttype,
  );

  if (options) return { status: 'ready', options };
  if (!codelisttype) return { status: 'ready', options: [] };
  if (cached) return { status: 'ready', options: cached };
  if (loaded.status === 'ready') return { status: 'ready', options: loaded.data };
  if (loaded.status === 'failed' || loaded.status === 'refused')
    return { status: 'error', retry: loaded.retry };
  return { status: 'loading' };
}
