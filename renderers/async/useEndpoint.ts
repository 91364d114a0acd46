import type { AnyObject } from '../../engine/schema';
import type { EndpointDef } from '../../engine/api/endpoint';
import type { ApiClient } from '../../engine/http/createApiClient';
import { useApiClient } from '../apiClientContext';
import { stableKey } from './stableKey';
import { useAsync, type AsyncState } from './useAsync';

export interface UseEndpointOptions {
  /**
   * Tell the user through the client's notices too (a toast). Off by default: the page shows the failure in place
   * (AsyncView), and a toast on top of it would say the same twice. Logouts and forced redirects happen either way.
   */
  notify?: boolean;
  /** Changing it asks again (a list reloaded after an action changed its rows). */
  reloadToken?: string | number;
}

const clientIds = new WeakMap<ApiClient, number>();
let nextClientId = 0;
function clientId(client: ApiClient): number {
  let id = clientIds.get(client);
  if (id === undefined) {
    id = ++nextClientId;
    clientIds.set(client, id);
  }
  return id;
}

/** The key of one call: the same for the same client, endpoint, params (by value) and options. */
function callKey(
  client: ApiClient,
  def: EndpointDef<AnyObject, unknown>,
  params: AnyObject,
  notify: boolean,
  reloadToken: string | number,
): string {
  return [clientId(client), def.method, def.path, def.name, stableKey(params), notify, reloadToken].join(' ');
}

interface AheadCall {
  promise: Promise<unknown>;
  abort: AbortController;
  timer: ReturnType<typeof setTimeout>;
}

/** Calls sent ahead of the component that will want them, by call key (a few at most; see sendAhead). */
const ahead = new Map<string, AheadCall>();
/** How long a call sent ahead waits to be taken before it is aborted (the component never asked). */
const AHEAD_TTL_MS = 10_000;

function dropAhead(key: string, abort: boolean) {
  const call = ahead.get(key);
  if (!call) return;
  ahead.delete(key);
  clearTimeout(call.timer);
  if (abort) call.abort.abort();
}

/**
 * Sends a call now that a component will ask for after its next render (a list's page change: the request leaves
 * from the click, not after the route, the search bar and the grid have rendered the new page's state). The
 * component's useEndpoint with the same endpoint, params and options takes the call in flight instead of sending
 * another. A newer call sent ahead aborts older ones not taken yet (a newer request supersedes an older one, as in
 * useEndpoint); one not taken within 10 s is aborted.
 */
export function sendAhead<P extends AnyObject, D>(
  client: ApiClient,
  def: EndpointDef<P, D>,
  params: P,
  options: UseEndpointOptions = {},
): void {
  const { notify = false, reloadToken = '' } = options;
  const key = callKey(client, def as EndpointDef<AnyObject, unknown>, params, notify, reloadToken);
  for (const other of [...ahead.keys()]) dropAhead(other, true);
  const abort = new AbortController();
  const promise = client.call(def, params, { silent: !notify, signal: abort.signal });
  // a call nobody takes must not report an unhandled rejection
  promise.catch(() => undefined);
  ahead.set(key, { promise, abort, timer: setTimeout(() => dropAhead(key, true), AHEAD_TTL_MS) });
}

/** The call sent ahead for this key, now owned by `signal` (aborting it aborts the call); null if there is none. */
function takeAhead<D>(key: string, signal: AbortSignal): Promise<D> | null {
  const call = ahead.get(key);
  if (!call) return null;
  dropAhead(key, false);
  signal.addEventListener('abort', () => call.abort.abort(), { once: true });
  return call.promise as Promise<D>;
}

/**
 * Calls one endpoint of the API contract with `params` and tells what it answered (see AsyncState: loading, ready,
 * refused, failed, with `retry()`). Asks again when the endpoint, the params **by value** or `reloadToken` change:
 * an inline `{ subjectid }` or an endpoint built on every render (`definitionsEndpoint(path)`) does not refetch.
 * A newer call aborts the older one, whose answer is ignored. `params: null` asks nothing (status `idle`).
 */
export function useEndpoint<P extends AnyObject, D>(
  def: EndpointDef<P, D>,
  params: P | null,
  options: UseEndpointOptions = {},
): AsyncState<D> {
  const client = useApiClient();
  const { notify = false, reloadToken = '' } = options;
  const key =
    params === null
      ? null
      : callKey(client, def as EndpointDef<AnyObject, unknown>, params, notify, reloadToken);
  return useAsync(
    (signal) =>
      (key !== null ? takeAhead<D>(key, signal) : null) ??
      client.call(def, params ?? undefined, { silent: !notify, signal }),
    key,
  );
}
