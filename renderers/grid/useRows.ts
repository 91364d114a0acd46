import { useMemo } from 'react';
import { type HttpMethod } from '../../engine/api/endpoint';
import { rowsEndpoint, type ListParams } from '../../engine/api/lists';
import type { RequestParams } from '../../engine/fieldTypes/types';
import { sortParams } from '../../engine/grid/columnToColDef';
import type { GridRow } from '../../engine/grid/types';
import { LIST_PARAMS, type SortState } from '../../engine/list/types';
import type { ApiClient } from '../../engine/http/createApiClient';
import { sendAhead, useEndpoint } from '../async/useEndpoint';

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
/** The body of a rows request: the search params with the page, its size and the sort. */
function rowsBody({ params, page, size, sort }: RowsRequest): RequestParams | null {
  return params && { ...params, [LIST_PARAMS.page]: page, [LIST_PARAMS.size]: size, ...sortParams(sort) };
}

/** Sends the rows request of a page about to be shown (from the click that asks for it; useRows then takes it). */
export function sendRowsAhead(client: ApiClient, request: RowsRequest): void {
  const body = rowsBody(request);
  if (!body) return;
  sendAhead(client, rowsEndpoint(request.dataPath, request.method), body as unknown as ListParams, {
    reloadToken: request.reloadToken ?? 0,
  });
}

export function useRows(request: RowsRequest): RowsState {
  const { dataPath, method, reloadToken = 0 } = request;
  const def = useMemo(() => rowsEndpoint(dataPath, method), [dataPath, method]);
  const body = rowsBody(request);
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
