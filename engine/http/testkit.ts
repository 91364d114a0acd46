/**
 * Fakes of the engine's ports for tests: an in-memory store, a recording notifier and navigator, timers on the global
 * clock (use vi.useFakeTimers), and a transport answering from a handler. Not imported by production code.
 */
import type { KeyValueStore, Navigator, Notice, Notifier, Timers } from '../ports';
import type { ApiClientDeps } from './createApiClient';
import { readHeader } from './responseHeaders';
import { TransportError, type Transport, type TransportRequest } from './transport';

export interface MemoryStore extends KeyValueStore {
  readonly data: Map<string, string>;
}

export function memoryStore(initial: Record<string, string> = {}): MemoryStore {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

export interface RecordingNotifier extends Notifier {
  readonly notices: Notice[];
}

export function recordingNotifier(): RecordingNotifier {
  const notices: Notice[] = [];
  return { notices, notify: (notice) => void notices.push(notice) };
}

export interface RecordingNavigator extends Navigator {
  readonly assigned: string[];
  url: string;
}

export function recordingNavigator(url = 'http://localhost/edcweb/index'): RecordingNavigator {
  const nav: RecordingNavigator = {
    assigned: [],
    url,
    currentUrl: () => nav.url,
    assign: (target) => void nav.assigned.push(target),
  };
  return nav;
}

/** Timers on the global clock, so that vi.useFakeTimers() drives them. */
export const globalTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface StubReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type StubHandler = (request: TransportRequest) => StubReply | Promise<StubReply>;

export interface StubTransport {
  transport: Transport;
  /** Every request the client sent, in order. */
  readonly requests: TransportRequest[];
  /** The URL of the last request, parsed against http://localhost. */
  lastUrl(): URL;
  /** A header of the last request (any case), or undefined. */
  lastHeader(name: string): string | undefined;
}

/** A transport that answers with `handler` (default: 200 `{success:true,msg:'',data:null}`). Throw to fail it. */
export function stubTransport(handler: StubHandler = () => ({ data: ok(null) })): StubTransport {
  const requests: TransportRequest[] = [];
  const transport: Transport = async (request) => {
    requests.push(request);
    // like fetch: a request cancelled before it is sent gets no answer
    if (request.signal?.aborted) throw new TransportError('aborted', 'cancelled');
    const reply = await handler(request);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name.toLowerCase()] = value;
    return { status: reply.status ?? 200, data: reply.data, headers };
  };
  const last = (): TransportRequest => {
    const request = requests.at(-1);
    if (!request) throw new Error('no request was sent');
    return request;
  };
  return {
    transport,
    requests,
    lastUrl: () => new URL(last().url, 'http://localhost'),
    lastHeader: (name) => readHeader(last().headers, name) ?? undefined,
  };
}

export function ok<D>(data: D, extra: { msg?: string; code?: number } = {}): Record<string, unknown> {
  return {
    success: true,
    msg: extra.msg ?? '',
    data,
    ...(extra.code !== undefined ? { code: extra.code } : {}),
  };
}

export function fail(msg: string, extra: { code?: number; data?: unknown } = {}): Record<string, unknown> {
  return {
    success: false,
    msg,
    data: extra.data ?? null,
    ...(extra.code !== undefined ? { code: extra.code } : {}),
  };
}

/** What the transport raises when its timeout elapses. */
export function timeoutError(request: TransportRequest): TransportError {
  return new TransportError('timeout', `no answer in ${request.timeout} ms`);
}

/** What the transport raises when no response arrives. */
export function networkError(_request: TransportRequest): TransportError {
  return new TransportError('network', 'no connection');
}

export interface ClientHarness {
  deps: ApiClientDeps;
  store: MemoryStore;
  notifier: RecordingNotifier;
  navigator: RecordingNavigator;
  cookies: Map<string, string>;
  onLogout: Array<number | null>;
}

/** The integration address a test session has unless told otherwise (`backAddress: null`). */
export const TEST_BACK_ADDRESS = 'http://login.test';

/**
 * Ports for createApiClient, as a normal session leaves them: a token in the store unless `token: null`, and an
 * integration address (heartbeat, roleTran and every other `/login/` path go there) unless `backAddress: null`.
 */
export function clientHarness(
  transport: Transport,
  options: {
    token?: string | null;
    backAddress?: string | null;
    store?: Record<string, string>;
    url?: string;
  } = {},
): ClientHarness {
  const token = options.token === undefined ? 'tok-1' : options.token;
  const backAddress = options.backAddress === undefined ? TEST_BACK_ADDRESS : options.backAddress;
  const store = memoryStore({
    ...(token ? { 'edc.token': token } : {}),
    ...(backAddress ? { 'edc.backAddress': backAddress } : {}),
    ...options.store,
  });
  const notifier = recordingNotifier();
  const navigator = recordingNavigator(options.url);
  const cookies = new Map<string, string>();
  const onLogout: Array<number | null> = [];
  const deps: ApiClientDeps = {
    store,
    notifier,
    navigator,
    cookies: (name) => cookies.get(name) ?? null,
    timers: globalTimers,
    locale: () => 'en',
    appBase: '/edcweb/',
    transport,
    onLogout: (code) => void onLogout.push(code),
  };
  return { deps, store, notifier, navigator, cookies, onLogout };
}
