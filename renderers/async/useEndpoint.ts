import type { AnyObject } from 'yup';
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
      : [clientId(client), def.method, def.path, def.name, stableKey(params), notify, reloadToken].join(' ');
  return useAsync((signal) => client.call(def, params ?? undefined, { silent: !notify, signal }), key);
}
