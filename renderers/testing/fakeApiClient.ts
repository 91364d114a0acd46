/**
 * A stand-in for the request client in stories and UI tests: answers each endpoint from a handler, records the
 * calls, never does HTTP. A handler that throws a RequestError behaves like a failed call of the real client
 * (without the toast).
 */
import type { AnyObject } from '../../engine/schema';
import type { DataOf, EndpointDef, ParamsOf } from '../../engine/api/endpoint';
import type { EndpointName, Endpoints } from '../../engine/api/allEndpoints';
import type { ApiEnvelope } from '../../engine/api/envelope';
import type { DownloadedFile, FileAnswer } from '../../engine/api/fileAnswer';
import type { ApiClient, CallOptions } from '../../engine/http/createApiClient';
import { RequestError, type RequestErrorKind } from '../../engine/http/requestError';
import type { TokenStore } from '../../engine/http/tokenStore';
import type { ExpireType } from '../../engine/session/expireTypes';

export type FakeHandler<E> = (params: ParamsOf<E>) => DataOf<E> | Promise<DataOf<E>>;
export type FakeHandlers = { [K in EndpointName]?: FakeHandler<Endpoints[K]> | DataOf<Endpoints[K]> };

/** Answers of endpoints built from a configured URL (definitionsEndpoint, rowsEndpoint), by path. */
export type FakePathHandlers = Record<string, ((params: Record<string, unknown>) => unknown) | object>;

export interface RecordedCall {
  name: string;
  path: string;
  params: unknown;
  options?: CallOptions;
}

export interface FakeApiClient extends ApiClient {
  readonly calls: RecordedCall[];
  /** Params of every call to one endpoint, in order. */
  paramsOf(name: EndpointName): unknown[];
  /** Params of every call to one path (endpoints configured by URL), in order. */
  paramsOfPath(path: string): unknown[];
  readonly forcedLogouts: (ExpireType | null)[];
  readonly logouts: number;
}

export interface FakeApiClientOptions {
  token?: string | null;
  /** Answers for endpoints configured by URL (a SearchBar's definitions, a MetaGrid's columns and rows), by path. */
  paths?: FakePathHandlers;
}

/** A failure as the real client reports it (kind and server message). */
export function fakeFailure(kind: RequestErrorKind, endpoint: string, msg?: string): RequestError {
  return new RequestError(kind, endpoint, msg !== undefined ? { msg } : {});
}

/** A promise that never settles: the story shows the loading state. */
export function pending<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

function createMemoryTokenStore(initial: string | null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
    clear: () => {
      token = null;
    },
    resolve: () => token,
  };
}

export function createFakeApiClient(
  handlers: FakeHandlers = {},
  options: FakeApiClientOptions = {},
): FakeApiClient {
  const calls: RecordedCall[] = [];
  const forcedLogouts: (ExpireType | null)[] = [];
  let logouts = 0;

  async function answer(def: EndpointDef<AnyObject, unknown>, params: unknown): Promise<unknown> {
    const handler = (handlers as Record<string, unknown>)[def.name] ?? options.paths?.[def.path];
    if (handler === undefined) throw fakeFailure('server', def.path, `no fake answer for ${def.name}`);
    if (typeof handler === 'function') return (handler as (p: unknown) => unknown)(params ?? {});
    return handler;
  }

  const client: FakeApiClient = {
    calls,
    forcedLogouts,
    get logouts() {
      return logouts;
    },
    get loggingOut() {
      return forcedLogouts.length > 0 || logouts > 0;
    },
    token: createMemoryTokenStore(options.token === undefined ? 'fake-token' : options.token),
    paramsOf(name) {
      return calls.filter((c) => c.name === name).map((c) => c.params);
    },
    paramsOfPath(path) {
      return calls.filter((c) => c.path === path).map((c) => c.params);
    },
    async call<P extends AnyObject, D>(def: EndpointDef<P, D>, params?: P, opts?: CallOptions): Promise<D> {
      calls.push({
        name: def.name,
        path: def.path,
        params: params ?? {},
        ...(opts ? { options: opts } : {}),
      });
      return (await answer(def as EndpointDef<AnyObject, unknown>, params)) as D;
    },
    async request<P extends AnyObject, D>(
      def: EndpointDef<P, D>,
      params?: P,
      opts?: CallOptions,
    ): Promise<ApiEnvelope<D>> {
      calls.push({
        name: def.name,
        path: def.path,
        params: params ?? {},
        ...(opts ? { options: opts } : {}),
      });
      try {
        const data = (await answer(def as EndpointDef<AnyObject, unknown>, params)) as D;
        return { success: true, msg: '', data };
      } catch (error) {
        if (error instanceof RequestError && error.kind === 'business') {
          return {
            success: false,
            msg: error.msg ?? '',
            data: null as D,
            ...(error.code !== undefined ? { code: error.code } : {}),
          };
        }
        throw error;
      }
    },
    async download<P extends AnyObject>(
      def: EndpointDef<P, FileAnswer>,
      params?: P,
      opts?: CallOptions,
    ): Promise<DownloadedFile> {
      calls.push({
        name: def.name,
        path: def.path,
        params: params ?? {},
        ...(opts ? { options: opts } : {}),
      });
      // a handler answers the headers' facts, optionally with the bytes (`blob`); an empty file of the type else
      const file = (await answer(def as EndpointDef<AnyObject, unknown>, params)) as FileAnswer & {
        blob?: Blob;
      };
      return { ...file, blob: file.blob ?? new Blob([], { type: file.mimetype }) };
    },
    forceLogout(code) {
      forcedLogouts.push(code);
    },
    async logout() {
      logouts += 1;
    },
  };
  return client;
}
