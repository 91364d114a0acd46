import { useMemo, useState } from 'react';
import type { FieldTypeRegistry, IncomingParams } from '../../engine/fieldTypes/types';
import {
  fromRequestParams,
  initialQuery,
  readStoredPageSize,
  toUrlParams,
} from '../../engine/list/listQuery';
import { LIST_PARAMS, type ListQuery, type PageSize } from '../../engine/list/types';
import type { SearchFieldDef } from '../../engine/metadata/types';
import type { KeyValueStore } from '../../engine/ports';

export type UrlParams = Record<string, string | string[]>;

/**
 * Who owns the query of a list screen:
 * - `params`: the page, as request params in its URL (ListScreen reads them once the search fields are known and
 *   answers changes with onParamsChange) — a reload or a shared link shows the same list;
 * - `query`: the page, as a ListQuery (null until known: the initial query is used);
 * - neither: the screen itself, starting from the fields' initial values.
 */
export interface ListQueryOwner {
  params?: IncomingParams;
  onParamsChange?(params: UrlParams): void;
  query?: ListQuery | null;
  onQueryChange?(query: ListQuery): void;
}

export interface ListQueryState {
  /** null until the search fields are known. */
  query: ListQuery | null;
  change(next: ListQuery): void;
}

export function useListQuery(
  owner: ListQueryOwner,
  fields: readonly SearchFieldDef[] | null,
  fieldTypes: FieldTypeRegistry,
  store: KeyValueStore,
): ListQueryState {
  const [storedSize] = useState<PageSize>(() => readStoredPageSize(store));
  const [own, setOwn] = useState<ListQuery | null>(null);
  const { params, query: ownerQuery } = owner;
  const paramsKey = params === undefined ? null : JSON.stringify(params);

  const fromParams = useMemo(() => {
    if (paramsKey === null || !fields) return null;
    const incoming = JSON.parse(paramsKey) as IncomingParams;
    // a URL this screen wrote always has a page; without one, the list starts as defined
    return incoming[LIST_PARAMS.page] === undefined
      ? initialQuery(fields, fieldTypes, storedSize)
      : fromRequestParams(incoming, fields, fieldTypes, storedSize);
  }, [paramsKey, fields, fieldTypes, storedSize]);

  const initial = useMemo(
    () => (fields ? initialQuery(fields, fieldTypes, storedSize) : null),
    [fields, fieldTypes, storedSize],
  );

  let query: ListQuery | null;
  if (params !== undefined) query = fromParams;
  else if (ownerQuery !== undefined) query = ownerQuery ?? initial;
  else query = own ?? initial;

  function change(next: ListQuery) {
    if (params !== undefined) {
      owner.onParamsChange?.(toUrlParams(next, fields ?? [], fieldTypes));
    } else if (ownerQuery === undefined) {
      setOwn(next);
    }
    owner.onQueryChange?.(next);
  }

  return { query, change };
}
