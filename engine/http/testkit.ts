/**
 * Fakes of the engine's ports for tests: an in-memory store, a recording notifier and navigator, timers on the global
 * clock (use vi.useFakeTimers), and an axios adapter answering from a handler. Not imported by production code.
 */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { KeyValueStore, Navigator, Notice, Notifier, Timers } from '../ports';
import type { ApiClientDeps } from './createApiClient';

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

export type StubHandler = (config: InternalAxiosRequestConfig) => StubReply | Promise<StubReply>;

export interface StubAdapter {
  adapter: AxiosAdapter;
  /** Every request the client sent, in order. */
  readonly requests: InternalAxiosRequestConfig[];
  /** The URL of the last request, parsed against http://localhost. */
  lastUrl(): URL;
  /** A header of the last request, or undefined. */
  lastHeader(name: string): string | undefined;
}

/** An adapter that answers with `handler` (default: 200 `{success:true,msg:'',data:null}`). Throw to fail the transport. */
export function stubAdapter(handler: StubHandler = () => ({ data: ok(null) })): StubAdapter {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = await handler(config);
    return {
      status: reply.status ?? 200,
      statusText: '',
      data: reply.data,
      headers: AxiosHeaders.from(reply.headers ?? {}),
      config,
      request: {},
    };
  };
  const last = (): InternalAxiosRequestConfig => {
    const config = requests.at(-1);
    if (!config) throw new Error('no request was sent');
    return config;
  };
  return {
    adapter,
    requests,
    lastUrl: () => new URL(last().url ?? '', 'http://localhost'),
    lastHeader: (name) => {
      const value = AxiosHeaders.from(last().headers).get(name);
      return value === undefined || value === null ? undefined : String(value);
    },
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

/** The error axios raises when its timeout elapses. */
export function timeoutError(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError('timeout of 300000ms exceeded', AxiosError.ECONNABORTED, config, {});
}

/** The error axios raises when no response arrives. */
export function networkError(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
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
  adapter: AxiosAdapter,
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
    adapter,
    onLogout: (code) => void onLogout.push(code),
  };
  return { deps, store, notifier, navigator, cookies, onLogout };
}
