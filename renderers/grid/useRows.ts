import { useMemo } from 'react';
import { type HttpMethod } from '../../engine/api/endpoint';
import { rowsEndpoint, type ListParams } from '../../engine/api/lists';
import type { RequestParams } from '../../engine/fieldTypes/types';
import { sortParams } from '../../engine/grid/columnToColDef';
import type { GridRow } from '../../engine/grid/types';
import { LIST_PARAMS, type SortState } from '../../engine/list/types';
import { useEndpoint } from '../async/useEndpoint';

export interface RowsRequest {
  dataPath: string;
  method: HttpMethod;
  /** Search params; null: not ready to ask yet (nothing is requested). */
  params: RequestParams | null;
  page: number;
  size: number;
  sort: SortState | null;
  /** Changing it asks again. */
  reloadToken?: number;
}

export interface RowsState {
  /** The rows of the last page that arrived (kept while the next one loads, and after a failure). */
  rows: readonly GridRow[];
  total: number;
  /** Page those rows belong to (1-based). */
  page: number;
  loading: boolean;
  /** The latest request failed: the server's message when it refused the request (success:false). */
  error: { msg: string | null } | null;
  retry(): void;
}

/**
 * One page of rows from a paged list endpoint, asked again whenever the request changes (by value). A newer request
 * aborts the older one, and an answer to a request that is no longer current is ignored (useEndpoint). The rows of the
 * last page that arrived stay shown while the next one loads and after a failure.
 */
export function useRows(request: RowsRequest): RowsState {
  const { dataPath, method, params, page, size, sort, reloadToken = 0 } = request;
  const def = useMemo(() => rowsEndpoint(dataPath, method), [dataPath, method]);
  const body: RequestParams | null = params && {
    ...params,
    [LIST_PARAMS.page]: page,
    [LIST_PARAMS.size]: size,
    ...sortParams(sort),
  };
  const rows = useEndpoint(def, body as unknown as ListParams | null, { reloadToken });
  const answer = rows.status === 'ready' ? rows.data : rows.previous;
  return {
    rows: answer?.list ?? [],
    total: answer?.total ?? 0,
    page: answer?.page ?? 1,
    loading: rows.status === 'loading' || rows.status === 'idle',
    // only a refusal's msg is written for the user; other kinds carry HTTP or exception text
    error:
      rows.status === 'refused' ? { msg: rows.message } : rows.status === 'failed' ? { msg: null } : null,
    retry: rows.retry,
  };
}
