import { useCallback, useEffect, useState } from 'react';
import { type HttpMethod } from '../../engine/api/endpoint';
import { rowsEndpoint, type ListParams } from '../../engine/api/lists';
import type { RequestParams } from '../../engine/fieldTypes/types';
import { sortParams } from '../../engine/grid/columnToColDef';
import type { GridRow } from '../../engine/grid/types';
import { LIST_PARAMS, type SortState } from '../../engine/list/types';
import { isRequestError } from '../../engine/http/requestError';
import { useApiClient } from '../apiClientContext';

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

interface Settled {
  key: string;
  rows?: readonly GridRow[];
  total?: number;
  page?: number;
  error?: { msg: string | null };
}

/**
 * One page of rows from a paged list endpoint, asked again whenever the request changes. A newer request aborts the
 * older one, and an answer to a request that is no longer current is ignored.
 */
export function useRows(request: RowsRequest): RowsState {
  const client = useApiClient();
  const { dataPath, method, params, page, size, sort, reloadToken = 0 } = request;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const [data, setData] = useState<{ rows: readonly GridRow[]; total: number; page: number }>({
    rows: [],
    total: 0,
    page: 1,
  });

  const body: RequestParams | null = params && {
    ...params,
    [LIST_PARAMS.page]: page,
    [LIST_PARAMS.size]: size,
    ...sortParams(sort),
  };
  const key = body ? `${attempt}.${reloadToken} ${method} ${dataPath} ${JSON.stringify(body)}` : '';

  useEffect(() => {
    if (!key || !body) return;
    const abort = new AbortController();
    client
      .call(rowsEndpoint(dataPath, method), body as unknown as ListParams, {
        signal: abort.signal,
        silent: true,
      })
      .then(
        (answer) => {
          if (abort.signal.aborted) return;
          setData({ rows: answer.list, total: answer.total, page: answer.page });
          setSettled({ key });
        },
        (error: unknown) => {
          if (abort.signal.aborted || (isRequestError(error) && error.aborted)) return;
          // only a business refusal's msg is written for the user; other kinds carry HTTP or exception text
          const msg = isRequestError(error) && error.kind === 'business' ? (error.msg ?? null) : null;
          setSettled({ key, error: { msg } });
        },
      );
    return () => abort.abort();
    // the request is identified by its key (body is derived from the same values)
  }, [client, key]); // eslint-disable-line react-hooks/exhaustive-deps

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = settled !== null && settled.key === key;
  return {
    ...data,
    loading: !current,
    error: current ? (settled.error ?? null) : null,
    retry,
  };
}
