import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyObject } from '../schema';
import type { EndpointDef } from '../api/endpoint';
import { expirationTime, heartBeat } from '../api/session';
import { MSG } from '../messages';
import type { ApiEnvelope } from '../api/envelope';
import type { ApiClient } from '../http/createApiClient';
import { RequestError } from '../http/requestError';
import {
  clientHarness,
  globalTimers,
  memoryStore,
  networkError,
  recordingNotifier,
  stubTransport,
} from '../http/testkit';
import { createApiClient } from '../http/createApiClient';
import { CHECK_OFF, CHECK_ON, createSessionMonitor, type SessionMonitor } from './sessionMonitor';
import { STORAGE_KEYS } from './storageKeys';

type Answer = ApiEnvelope<unknown> | Error | Promise<ApiEnvelope<unknown>>;

const alive = (): ApiEnvelope<unknown> => ({ success: true, msg: '', data: 1 });
const refused = (code?: number): ApiEnvelope<unknown> => ({
  success: false,
  msg: 'no',
  data: null,
  ...(code !== undefined ? { code } : {}),
});
const noNotice = (): ApiEnvelope<unknown> => ({
  success: true,
  msg: '',
  data: { flag: false, beforenote: '' },
});

/** A client whose request() answers from per-endpoint queues (the last answer repeats). */
function fakeClient(answers: { heartBeat?: Answer[]; expiry?: Answer[] }) {
  const queues: Record<string, Answer[]> = {
    [heartBeat.path]: answers.heartBeat ?? [alive()],
    [expirationTime.path]: answers.expiry ?? [noNotice()],
  };
  const calls: Array<{ path: string; params: unknown; silent: boolean }> = [];
  const forceLogout = vi.fn();
  const client = {
    loggingOut: false,
    forceLogout,
    request: async (
      def: EndpointDef<AnyObject, unknown>,
      params?: AnyObject,
      opts?: { silent?: boolean },
    ) => {
      calls.push({ path: def.path, params, silent: opts?.silent ?? false });
      const queue = queues[def.path] ?? [];
      const answer = queue.length > 1 ? queue.shift() : queue[0];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as ApiClient;
  const count = (path: string) => calls.filter((c) => c.path === path).length;
  return {
    client,
    calls,
    forceLogout,
    beats: () => count(heartBeat.path),
    checks: () => count(expirationTime.path),
  };
}

function setup(answers: Parameters<typeof fakeClient>[0], storeInit: Record<string, string> = {}) {
  const fake = fakeClient(answers);
  const store = memoryStore(storeInit);
  const notifier = recordingNotifier();
  const connectivity: boolean[] = [];
  const monitor = createSessionMonitor({
    client: fake.client,
    timers: globalTimers,
    store,
    notifier,
    ids: () => ({ studyid: 'S1', userid: 'U1' }),
    onConnectivity: (online) => void connectivity.push(online),
  });
  return { ...fake, store, notifier, monitor, connectivity };
}

const HB = heartBeat.path;
const EXP = expirationTime.path;
const noAnswer = () => new RequestError('network', HB);

const errors = (store: { getItem(k: string): string | null }) => store.getItem(STORAGE_KEYS.heartbeatErrors);

let monitor: SessionMonitor | null = null;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  monitor?.stop();
  monitor = null;
  vi.useRealTimers();
});

/** Six heartbeats answered by `failure` over a minute: none counted, no logout, still polling; the monitor's state. */
async function sixBeatsOf(failure: () => RequestError) {
  const t = setup({ heartBeat: Array.from({ length: 6 }, failure) });
  monitor = t.monitor;
  t.monitor.start();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(t.beats()).toBe(6);
  expect(t.forceLogout).not.toHaveBeenCalled();
  expect(errors(t.store)).toBeNull();
  expect(t.monitor.running).toBe(true);
  return t;
}

describe('heartbeat', () => {
  it('calls heartBeat.do silently every 10 s', async () => {
    const t = setup({});
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(t.beats()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls[0]).toEqual({ path: HB, params: {}, silent: true });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.beats()).toBe(3);
    expect(errors(t.store)).toBe('0');
  });

  it('3 failures with a response keep polling; the 4th logs out with 401 and stops', async () => {
    const t = setup({ heartBeat: [new RequestError('server', HB, { status: 500 }), refused()] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.beats()).toBe(3);
    expect(errors(t.store)).toBe('3');
    expect(t.forceLogout).not.toHaveBeenCalled();
    expect(t.monitor.running).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.forceLogout).toHaveBeenCalledExactlyOnceWith(401);
    expect(t.monitor.running).toBe(false);
    expect(t.store.getItem(STORAGE_KEYS.heartbeatCheck)).toBe(CHECK_OFF);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.beats()).toBe(4);
  });

  it('a busy server (429, the admission gate or a rate limit) is never counted: six in a row, no logout, no outage', async () => {
    const t = await sixBeatsOf(() => new RequestError('rateLimited', HB, { status: 429, msg: 'busy' }));
    expect(t.monitor.offline).toBe(false);
  });

  it('no response is an outage: nothing counted, no logout, one "network exception", polling goes on', async () => {
    const t = await sixBeatsOf(noAnswer);
    expect(t.monitor.offline).toBe(true);
    expect(t.notifier.notices).toEqual([{ level: 'error', messageId: MSG.network }]);
    expect(t.connectivity).toEqual([false]);
  });

  it('a timeout is an outage too', async () => {
    const t = setup({ heartBeat: [new RequestError('timeout', HB), alive()] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.monitor.offline).toBe(true);
    expect(errors(t.store)).toBeNull();
  });

  it('the first answer after an outage ends it; a later outage is told again', async () => {
    const t = setup({ heartBeat: [noAnswer(), noAnswer(), alive(), alive(), noAnswer(), alive()] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.connectivity).toEqual([false]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.monitor.offline).toBe(false);
    expect(t.connectivity).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.connectivity).toEqual([false, true, false, true]);
    expect(t.notifier.notices.filter((n) => n.messageId === MSG.network)).toHaveLength(2);
    expect(t.forceLogout).not.toHaveBeenCalled();
  });

  it('an outage between failures with a response neither counts nor resets the count', async () => {
    const t = setup({ heartBeat: [refused(), refused(), noAnswer(), noAnswer(), refused(), refused()] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(errors(t.store)).toBe('2');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errors(t.store)).toBe('3');
    expect(t.forceLogout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.forceLogout).toHaveBeenCalledExactlyOnceWith(401);
  });

  it('the heartbeat check flag is on while polling and off after stop()', () => {
    const t = setup({});
    t.monitor.start();
    expect(t.store.getItem(STORAGE_KEYS.heartbeatCheck)).toBe(CHECK_ON);
    t.monitor.stop();
    expect(t.store.getItem(STORAGE_KEYS.heartbeatCheck)).toBe(CHECK_OFF);
  });

  it('a success in between resets the count', async () => {
    const t = setup({
      heartBeat: [refused(), refused(), refused(), alive(), refused(), refused(), refused(), alive()],
    });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(errors(t.store)).toBe('3');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errors(t.store)).toBe('0');
    await vi.advanceTimersByTimeAsync(40_000);
    expect(t.forceLogout).not.toHaveBeenCalled();
  });

  it('the count lives in session storage (it survives a reload)', async () => {
    const t = setup({ heartBeat: [refused()] }, { [STORAGE_KEYS.heartbeatErrors]: '3' });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.forceLogout).toHaveBeenCalledExactlyOnceWith(401);
  });

  it('data −2 → logout 405', async () => {
    const t = setup({ heartBeat: [{ success: true, msg: '', data: -2 }] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.forceLogout).toHaveBeenCalledExactlyOnceWith(405);
    expect(t.monitor.running).toBe(false);
  });

  it('envelope code 504 → logout 504 (not counted as a failure)', async () => {
    const t = setup({ heartBeat: [refused(504)] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.forceLogout).toHaveBeenCalledExactlyOnceWith(504);
    expect(errors(t.store)).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.beats()).toBe(1);
  });

  it('stops without counting when the client already logged out (401)', async () => {
    const t = setup({ heartBeat: [new RequestError('unauthorized', HB, { status: 401 })] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.monitor.running).toBe(false);
    expect(t.forceLogout).not.toHaveBeenCalled();
    expect(errors(t.store)).toBeNull();
  });

  it('never overlaps: a tick is skipped while a heartbeat is in flight', async () => {
    let release: (env: ApiEnvelope<unknown>) => void = () => undefined;
    const slow = new Promise<ApiEnvelope<unknown>>((resolve) => {
      release = resolve;
    });
    const t = setup({ heartBeat: [slow, alive()] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(35_000);
    expect(t.beats()).toBe(1);
    release(alive());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.beats()).toBe(2);
  });

  it('an answer arriving after stop() is ignored', async () => {
    let release: (env: ApiEnvelope<unknown>) => void = () => undefined;
    const slow = new Promise<ApiEnvelope<unknown>>((resolve) => {
      release = resolve;
    });
    const t = setup({ heartBeat: [slow] });
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    t.monitor.stop();
    release({ success: true, msg: '', data: -2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.forceLogout).not.toHaveBeenCalled();
  });
});

describe('expiry check', () => {
  it('asks expirationTime.do every 15 s with studyid and userid', async () => {
    const t = setup({});
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(t.calls.filter((c) => c.path === EXP)).toEqual([
      { path: EXP, params: { studyid: 'S1', userid: 'U1' }, silent: true },
    ]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(t.checks()).toBe(2);
  });

  it('flag → shows beforenote and stops the expiry check only', async () => {
    const t = setup({
      expiry: [{ success: true, msg: '', data: { flag: true, beforenote: '密码 3 天后过期' } }],
    });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(t.notifier.notices).toEqual([{ level: 'warning', text: '密码 3 天后过期', durationMs: 3_000 }]);
    const beats = t.beats();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.checks()).toBe(1);
    expect(t.beats()).toBe(beats + 6);
    expect(t.monitor.running).toBe(true);
    expect(t.store.getItem(STORAGE_KEYS.expiryCheck)).toBe(CHECK_OFF);
  });

  it('once stopped by its flag, a reload of the session does not start the expiry check again', async () => {
    const t = setup({}, { [STORAGE_KEYS.expiryCheck]: CHECK_OFF });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.checks()).toBe(0);
    expect(t.beats()).toBe(6);
  });

  it('a check without a response is skipped; the check goes on', async () => {
    const t = setup({ expiry: [new RequestError('network', EXP), noNotice()] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.checks()).toBe(2);
    expect(t.store.getItem(STORAGE_KEYS.expiryCheck)).toBe(CHECK_ON);
  });

  it('a busy answer (429) to the expiry check is skipped; the check goes on', async () => {
    const t = setup({
      expiry: [new RequestError('rateLimited', EXP, { status: 429, msg: 'busy' }), noNotice()],
    });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.checks()).toBe(2);
    expect(t.store.getItem(STORAGE_KEYS.expiryCheck)).toBe(CHECK_ON);
  });

  it('an exception stops the expiry check; the heartbeat goes on', async () => {
    const t = setup({ expiry: [new RequestError('server', EXP, { status: 500 })] });
    monitor = t.monitor;
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.checks()).toBe(1);
    expect(t.beats()).toBe(6);
    expect(t.notifier.notices).toEqual([]);
  });

  it('no ids yet → no check', async () => {
    const fake = fakeClient({});
    monitor = createSessionMonitor({
      client: fake.client,
      timers: globalTimers,
      store: memoryStore(),
      notifier: recordingNotifier(),
      ids: () => null,
    });
    monitor.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.checks()).toBe(0);
  });
});

describe('start and stop', () => {
  it('start() is idempotent', async () => {
    const t = setup({});
    monitor = t.monitor;
    t.monitor.start();
    t.monitor.start();
    expect(vi.getTimerCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.beats()).toBe(1);
  });

  it('stop() clears both timers', async () => {
    const t = setup({});
    t.monitor.start();
    t.monitor.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(t.monitor.running).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.calls).toEqual([]);
  });
});

describe('with the real request client', () => {
  it('heartbeats without an answer: one network notice, no logout, and it goes on when the server is back', async () => {
    let away = true;
    const stub = stubTransport((config) => {
      if (away) throw networkError(config);
      return { data: { success: true, msg: '', data: 1 } };
    });
    const h = clientHarness(stub.transport);
    const client = createApiClient(h.deps);
    const connectivity: boolean[] = [];
    monitor = createSessionMonitor({
      client,
      timers: globalTimers,
      store: h.store,
      notifier: h.notifier,
      ids: () => null,
      onConnectivity: (online) => void connectivity.push(online),
    });
    monitor.start();

    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.notifier.notices).toEqual([{ level: 'error', messageId: MSG.network }]);
    expect(h.onLogout).toEqual([]);
    expect(h.navigator.assigned).toEqual([]);
    expect(h.store.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    away = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connectivity).toEqual([false, true]);
    expect(monitor.running).toBe(true);
  });

  it('4 heartbeats answered with an error → message 401, then the login page after 2 s', async () => {
    const stub = stubTransport(() => ({ status: 502, data: '' }));
    const h = clientHarness(stub.transport);
    let stopMonitor = () => undefined as void;
    const client = createApiClient({ ...h.deps, onLogout: () => stopMonitor() });
    monitor = createSessionMonitor({
      client,
      timers: globalTimers,
      store: h.store,
      notifier: h.notifier,
      ids: () => null,
    });
    stopMonitor = () => monitor?.stop();
    monitor.start();

    await vi.advanceTimersByTimeAsync(40_000);
    expect(h.notifier.notices).toEqual([
      { level: 'warning', messageId: 'logout.expire.401', durationMs: 2500 },
    ]);
    expect(h.store.getItem(STORAGE_KEYS.heartbeatErrors)).toBeNull();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=401']);
  });
});
