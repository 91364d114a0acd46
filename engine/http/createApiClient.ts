/**
 * The request client (spec §7, §8): one transport (fetch), the request rules (URL, cache buster, headers, token,
 * integration address) and the response table (notices, logouts, forced redirects), each failure rejected as a
 * RequestError. Everything the browser provides comes in through ports, so tests run in node with a stub transport.
 */
import type { AnyObject } from '../schema';
import { logout as logoutEndpoint } from '../api/session';
import { type EndpointDef } from '../api/endpoint';
import type { ApiEnvelope } from '../api/envelope';
import { readFileAnswer, type DownloadedFile, type FileAnswer } from '../api/fileAnswer';
import type { Locale } from '../api/localized';
import { ContractError, parseData, parseEnvelope } from '../api/parseResponse';
import { REDIRECT_HEADER } from '../api/protocol';
import { MSG } from '../messages';
import {
  DEFAULT_NOTICE_MS,
  type CookieReader,
  type KeyValueStore,
  type Navigator,
  type Notice,
  type Notifier,
  type Timers,
} from '../ports';
import { isExpireType, type ExpireType } from '../session/expireTypes';
import { STORAGE_KEYS } from '../session/storageKeys';
import {
  REQUEST_TIMEOUT_MS,
  buildHeaders,
  buildRequest,
  endpointUrl,
  type BuiltRequest,
} from './buildRequest';
import {
  createLogoutController,
  fallbackRedirectUrl,
  isForcedRedirectStatus,
  safeRedirectUrl,
} from './logoutController';
import { RequestError } from './requestError';
import { decodeHeaderText, readHeader } from './responseHeaders';
import { TransportError, type Transport, type TransportMethod, type TransportResponse } from './transport';
import { createTokenStore, type TokenStore } from './tokenStore';

/** Response header with a notice from the server, URI-encoded. */
export const BEFORENOTE_HEADER = 'beforenote';
/** A deliberate logout does not wait for a slow server longer than this. */
export const LOGOUT_REQUEST_TIMEOUT_MS = 5_000;

export interface ApiClientDeps {
  store: KeyValueStore;
  notifier: Notifier;
  navigator: Navigator;
  cookies: CookieReader;
  timers: Timers;
  /** Current UI locale → header `locale`. */
  locale(): Locale;
  /** '/edcweb/' — the login page is `${appBase}loginfront`. */
  appBase: string;
  /** One HTTP exchange: the platform's (src/platform/fetchTransport.ts), a stub in tests (testkit.ts). */
  transport: Transport;
  /** App hook (clear React state, stop the session monitor): called when a logout starts. */
  onLogout?(code: ExpireType | null): void;
  /** Told about responses that point at a bug (contract errors, unexpected statuses); never about writeWebLog.do itself. */
  reportError?(e: unknown): void;
  /** Clock for the cache buster; Date.now by default. */
  now?(): number;
  /**
   * A page load (a GET that is not silent) answered 403: the role may not open what the page shows. Given, the app
   * opens its no-permission page instead of a notice per request.
   */
  onForbiddenLoad?(endpoint: string): void;
}

export interface CallOptions {
  /** No notices (logouts and forced redirects still happen, with their messages). */
  silent?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The body of an upload endpoint (`def.upload`) instead of the params: a multipart FormData built by
   * `uploadBody` (engine/http/uploadBody.ts, which only the pages that upload import).
   */
  body?: FormData;
}

export interface ApiClient {
  /** data on success; on any failure: notifies (unless silent) per the table and rejects with RequestError. */
  call<P extends AnyObject, D>(def: EndpointDef<P, D>, params?: P, opts?: CallOptions): Promise<D>;
  /**
   * The parsed envelope even when success:false (no notice for success:false); used by heartbeat/expiry.
   * Transport errors and the other rows of the table still reject with RequestError.
   */
  request<P extends AnyObject, D>(
    def: EndpointDef<P, D>,
    params?: P,
    opts?: CallOptions,
  ): Promise<ApiEnvelope<D>>;
  /**
   * A file endpoint (`def.file`): the file as a Blob with its name and type from the headers (never base64 in
   * JSON). A refusal (an envelope) is answered as `call` answers it: notices per the table, a RequestError.
   */
  download<P extends AnyObject>(
    def: EndpointDef<P, FileAnswer>,
    params?: P,
    opts?: CallOptions,
  ): Promise<DownloadedFile>;
  /**
   * Forced logout: clear session keys (except KEYS_KEPT_ON_LOGOUT), call onLogout, show the code's message (603: the
   * server's `serverMsg` when given), then after 2 s open `${appBase}loginfront?expireType=<code>`. Idempotent while
   * one is pending. code null → no message, immediate.
   */
  forceLogout(code: ExpireType | null, serverMsg?: string): void;
  /** Deliberate logout: POST logout.do (errors ignored), clear, go to the login page without a message. */
  logout(): Promise<void>;
  /** A logout or forced redirect is under way (the page is about to be replaced). */
  readonly loggingOut: boolean;
  readonly token: TokenStore;
}

type Endpoint = EndpointDef<AnyObject, unknown>;

/** A Blob of any realm (the platform's fetch may make it in another one than the page's, as jsdom's tests do). */
function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).arrayBuffer === 'function' &&
    typeof (value as Blob).size === 'number' &&
    typeof (value as Blob).type === 'string'
  );
}

function bodyField(body: unknown, field: 'code' | 'msg'): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
}

function bodyMsg(body: unknown): string | undefined {
  const msg = bodyField(body, 'msg');
  return typeof msg === 'string' && msg !== '' ? msg : undefined;
}

/** The transport's request for a built one: JSON bodies as text, the method as the transport names it. */
function toTransport(
  req: BuiltRequest,
  timeout: number,
  body?: FormData,
  signal?: AbortSignal,
  responseType?: 'blob',
): Parameters<Transport>[0] {
  const json = body === undefined && req.data !== undefined ? JSON.stringify(req.data) : undefined;
  const data = body ?? json;
  return {
    method: req.method.toLowerCase() as TransportMethod,
    url: req.url,
    // a multipart body gets its content type (with the boundary) from the platform
    headers: json !== undefined ? { 'Content-Type': 'application/json', ...req.headers } : req.headers,
    timeout,
    ...(data !== undefined ? { data } : {}),
    ...(signal ? { signal } : {}),
    ...(responseType ? { responseType } : {}),
  };
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const token = createTokenStore(deps.store, deps.navigator, deps.cookies);
  const exits = createLogoutController(deps);
  const now = deps.now ?? Date.now;
  // every status is answered by the table below; the transport fails only when no response arrives
  const http = deps.transport;

  function notify(opts: CallOptions, notice: Notice): void {
    // while the page is being left, the logout message is the only one worth showing
    if (opts.silent || exits.pending) return;
    deps.notifier.notify({ durationMs: DEFAULT_NOTICE_MS, ...notice });
  }

  function report(def: Endpoint, e: unknown): void {
    if (def.name === 'writeWebLog') return;
    try {
      deps.reportError?.(e);
    } catch {
      // reporting must never break a request
    }
  }

  /** Builds the request, or rejects before sending (no token → logout 400; no integration address). */
  function prepare(def: Endpoint, params: AnyObject | undefined, opts: CallOptions): BuiltRequest {
    let tokenValue: string | null = null;
    if (def.auth !== 'none') {
      tokenValue = token.resolve();
      if (def.auth === 'token' && !tokenValue) {
        exits.forceLogout(400);
        throw new RequestError('noToken', def.path);
      }
    }
    const url = endpointUrl(def, deps.store.getItem(STORAGE_KEYS.backAddress));
    if (url === null) {
      notify(opts, { level: 'warning', messageId: MSG.backAddressMissing });
      throw new RequestError('backAddress', def.path);
    }
    const headers = buildHeaders({
      locale: deps.locale(),
      token: tokenValue,
      crfstatus: deps.store.getItem(STORAGE_KEYS.crfstatus),
      menuCode: deps.store.getItem(STORAGE_KEYS.menuCode),
      extra: opts.headers,
    });
    return buildRequest(def, url, params, headers, now());
  }

  async function transport(
    def: Endpoint,
    req: BuiltRequest,
    opts: CallOptions,
    responseType?: 'blob',
  ): Promise<TransportResponse> {
    try {
      return await http(toTransport(req, REQUEST_TIMEOUT_MS, opts.body, opts.signal, responseType));
    } catch (e) {
      const kind = e instanceof TransportError ? e.kind : 'network';
      if (kind === 'aborted') throw new RequestError('network', def.path, { aborted: true, cause: e });
      if (kind === 'timeout') {
        notify(opts, { level: 'error', messageId: MSG.timeout });
        throw new RequestError('timeout', def.path, { cause: e });
      }
      notify(opts, { level: 'error', messageId: MSG.network });
      throw new RequestError('network', def.path, { cause: e });
    }
  }

  function contractFailure(def: Endpoint, opts: CallOptions, e: unknown, status: number): RequestError {
    const field = e instanceof ContractError ? e.field : '(body)';
    notify(opts, { level: 'error', messageId: MSG.malformedResponse, values: { endpoint: def.path, field } });
    report(def, e);
    return new RequestError('contract', def.path, { status, cause: e });
  }

  /** The response table, except `success:false` (which call() and request() treat differently). */
  function answer(def: Endpoint, res: TransportResponse, opts: CallOptions): ApiEnvelope<unknown> {
    // a note from the server is for the user even on silent calls (it often rides on a poll), but not while leaving
    const note = readHeader(res.headers, BEFORENOTE_HEADER);
    if (note) notify({}, { level: 'warning', text: decodeHeaderText(note) });

    const { status, data: body } = res;
    if (status >= 200 && status < 300) {
      try {
        return parseEnvelope(def.path, body);
      } catch (e) {
        throw contractFailure(def, opts, e, status);
      }
    }
    const rawCode = bodyField(body, 'code');
    const code = typeof rawCode === 'number' ? rawCode : undefined;
    const msg = bodyMsg(body);
    if (status === 400) {
      notify(opts, { level: 'error', messageId: MSG.paramError });
      throw new RequestError('param', def.path, { status, code, msg });
    }
    if (status === 401) {
      exits.forceLogout(isExpireType(code) ? code : 401, msg);
      throw new RequestError('unauthorized', def.path, { status, code, msg });
    }
    if (isForcedRedirectStatus(status)) {
      const url =
        safeRedirectUrl(readHeader(res.headers, REDIRECT_HEADER)) ??
        fallbackRedirectUrl(deps.appBase, status);
      exits.forcedRedirect(status, url, msg);
      throw new RequestError('forced', def.path, { status, code, msg });
    }
    if (status === 403) {
      // the role may not use this page or data: the user is told so (or, for a page load, shown the 401 page),
      // nothing is reported as a bug
      if (def.method === 'GET' && !opts.silent && deps.onForbiddenLoad && !exits.pending) {
        deps.onForbiddenLoad(def.path);
      } else {
        notify(opts, { level: 'error', messageId: MSG.forbidden });
      }
      throw new RequestError('forbidden', def.path, { status, code, msg });
    }
    if (status === 429) {
      // too many requests: the server's message says when to try again (never "server error", never reported)
      notify(
        opts,
        msg ? { level: 'warning', text: msg } : { level: 'warning', messageId: MSG.tooManyRequests },
      );
      throw new RequestError('rateLimited', def.path, { status, code, msg });
    }
    notify(opts, { level: 'error', messageId: MSG.serverError });
    const error = new RequestError('server', def.path, { status, code, msg });
    report(def, error);
    throw error;
  }

  async function send(
    def: Endpoint,
    params: AnyObject | undefined,
    opts: CallOptions,
  ): Promise<ApiEnvelope<unknown>> {
    const req = prepare(def, params, opts);
    const res = await transport(def, req, opts);
    return answer(def, res, opts);
  }

  function parseSuccess<P extends AnyObject, D>(
    def: EndpointDef<P, D>,
    env: ApiEnvelope<unknown>,
    opts: CallOptions,
  ): ApiEnvelope<D> {
    try {
      return { ...env, data: parseData(def, env.data) };
    } catch (e) {
      throw contractFailure(def as unknown as Endpoint, opts, e, 200);
    }
  }

  return {
    token,
    get loggingOut() {
      return exits.pending;
    },
    async call<P extends AnyObject, D>(
      def: EndpointDef<P, D>,
      params?: P,
      opts: CallOptions = {},
    ): Promise<D> {
      const endpoint = def as unknown as Endpoint;
      const env = await send(endpoint, params, opts);
      if (!env.success) {
        if (env.msg) notify(opts, { level: 'warning', text: env.msg });
        throw new RequestError('business', def.path, { status: 200, code: env.code, msg: env.msg });
      }
      return parseSuccess(def, env, opts).data;
    },
    async request<P extends AnyObject, D>(
      def: EndpointDef<P, D>,
      params?: P,
      opts: CallOptions = {},
    ): Promise<ApiEnvelope<D>> {
      const env = await send(def as unknown as Endpoint, params, opts);
      if (!env.success) return env as ApiEnvelope<D>;
      return parseSuccess(def, env, opts);
    },
    async download<P extends AnyObject>(
      def: EndpointDef<P, FileAnswer>,
      params?: P,
      opts: CallOptions = {},
    ): Promise<DownloadedFile> {
      const endpoint = def as unknown as Endpoint;
      const req = prepare(endpoint, params, opts);
      const res = await transport(endpoint, req, opts, 'blob');
      if (res.status >= 200 && res.status < 300 && isBlob(res.data)) {
        const note = readHeader(res.headers, BEFORENOTE_HEADER);
        if (note) notify({}, { level: 'warning', text: decodeHeaderText(note) });
        return { ...readFileAnswer(res.headers), blob: res.data };
      }
      // an envelope: a refusal (success:false, or any other status of the table)
      const env = answer(endpoint, res, opts);
      if (!env.success) {
        if (env.msg) notify(opts, { level: 'warning', text: env.msg });
        throw new RequestError('business', def.path, { status: res.status, code: env.code, msg: env.msg });
      }
      throw contractFailure(endpoint, opts, new Error(`${def.path}: a success without a file`), res.status);
    },
    forceLogout(code, serverMsg) {
      exits.forceLogout(code, serverMsg);
    },
    logout() {
      const endpoint = logoutEndpoint as unknown as Endpoint;
      const tokenValue = token.get() ?? token.resolve();
      const url = endpointUrl(endpoint, null);
      return exits.logout(async () => {
        if (!tokenValue || url === null) return;
        const req = buildRequest(
          endpoint,
          url,
          {},
          buildHeaders({ locale: deps.locale(), token: tokenValue, crfstatus: null, menuCode: null }),
          now(),
        );
        await http(toTransport(req, LOGOUT_REQUEST_TIMEOUT_MS));
      });
    },
  };
}
