import { useCallback, useEffect, useRef, useState } from 'react';
import { isRequestError, type RequestError } from '../../engine/http/requestError';

/**
 * What a load shows, as one value a page can switch on (or hand to AsyncView):
 * - `idle`: nothing asked (no key: the caller is not ready to ask yet);
 * - `loading`: the answer for the current key has not arrived;
 * - `ready`: the answer;
 * - `refused`: the server said no (a business refusal `success:false`, or 403): another try would get the same
 *   answer, so there is no retry; `message` is the server's text when it gave one (business refusals only);
 * - `failed`: anything else (network, timeout, server error …): worth another try.
 *
 * `previous` is the last answer that arrived (for an earlier key or attempt), for a view that keeps showing it while
 * the next one loads or after a failure (a grid's rows). `retry()` asks again for the current key.
 */
export type AsyncState<D> = (
  | { status: 'idle'; previous?: D }
  | { status: 'loading'; previous?: D }
  | { status: 'ready'; data: D; previous?: D }
  | { status: 'refused'; error: RequestError; message: string | null; previous?: D }
  | { status: 'failed'; error: unknown; previous?: D }
) & { retry(): void };

export type AsyncStatus = AsyncState<unknown>['status'];

/** Whether a failure is the server's answer (no point asking again) rather than a failure to get one. */
export function isRefusal(error: unknown): error is RequestError {
  return isRequestError(error) && (error.kind === 'business' || error.kind === 'forbidden');
}

type Settled<D> = { key: string; ok: true; data: D } | { key: string; ok: false; error: unknown };

/**
 * Runs `load` whenever `key` changes (and again on `retry()`), and tells what it gave. A newer load aborts the older
 * one (its `signal`), and an answer that arrives for a key that is no longer current is ignored. `key: null` asks
 * nothing. `load` may change on every render: only `key` says whether to ask again.
 *
 * The building block of useEndpoint; use it directly for loads that are not one endpoint call (a shared cache).
 */
export function useAsync<D>(load: (signal: AbortSignal) => Promise<D>, key: string | null): AsyncState<D> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ settled: Settled<D> | null; last?: { data: D } }>({ settled: null });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  const current = key === null ? null : `${attempt}\u0000${key}`;
  useEffect(() => {
    if (current === null) return;
    const abort = new AbortController();
    loadRef.current(abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setState({ settled: { key: current, ok: true, data }, last: { data } });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setState((s) => ({ ...s, settled: { key: current, ok: false, error } }));
      },
    );
    return () => abort.abort();
  }, [current]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const previous = state.last ? { previous: state.last.data } : {};
  const settled = state.settled;
  if (current === null) return { status: 'idle', ...previous, retry };
  if (!settled || settled.key !== current) return { status: 'loading', ...previous, retry };
  if (settled.ok) return { status: 'ready', data: settled.data, ...previous, retry };
  if (isRefusal(settled.error)) {
    // a business refusal's msg is written for the user; a 403 says only that the role may not
    const msg = settled.error.kind === 'business' ? settled.error.msg : undefined;
    return {
      status: 'refused',
      error: settled.error,
      message: msg !== undefined && msg !== '' ? msg : null,
      ...previous,
      retry,
    };
  }
  return { status: 'failed', error: settled.error, ...previous, retry };
}
