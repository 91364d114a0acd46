/**
 * Session rules (spec §4, §8), on injected timers:
 * - heartbeat every 10 s: a failure WITH a response (success:false, an error status, a malformed answer) adds one to
 *   the error count kept in session storage, a success resets it; more than 3 in a row stop polling and log out with
 *   401 (user information invalid); data −2 → 405; envelope code 504 → 504.
 * - a heartbeat WITHOUT a response (network failure, timeout) is an outage, not a failure of the session: nothing is
 *   counted, nobody is logged out, polling goes on. The user is told "network exception" once per outage and
 *   `onConnectivity(false)` lets the app show a banner; the first answer afterwards ends the outage
 *   (`onConnectivity(true)`).
 * - expiry check every 15 s: `data.flag` shows `data.beforenote` and stops this check (also for later reloads of this
 *   session: the expiry check flag in session storage); any failure with a response stops it too (the heartbeat goes
 *   on); a check without a response is skipped.
 * A tick is skipped while the previous request of the same kind is still in flight. While polling, the heartbeat
 * check flag in session storage says so.
 */
import { HEARTBEAT_EXPIRED, expirationTime, heartBeat } from '../api/session';
import type { KeyValueStore, Notifier, TimerHandle, Timers } from '../ports';
import type { ApiClient } from '../http/createApiClient';
import { RequestError, type RequestErrorKind } from '../http/requestError';
import { MSG } from '../messages';
import type { ExpireType } from './expireTypes';
import { STORAGE_KEYS } from './storageKeys';

export const HEARTBEAT_INTERVAL_MS = 10_000;
export const EXPIRY_INTERVAL_MS = 15_000;
/** Consecutive heartbeat failures (with a response) tolerated; one more logs out with HEARTBEAT_LOGOUT_CODE. */
export const MAX_HEARTBEAT_FAILURES = 3;
/** Spec §8: 401, user information invalid, log in again. */
export const HEARTBEAT_LOGOUT_CODE: ExpireType = 401;
/** Values of the check flags in session storage. */
export const CHECK_ON = '1';
export const CHECK_OFF = '0';
/** The expiry notice stays as long as a toast may (spec §7: 2–3 s). */
export const EXPIRY_NOTICE_MS = 3_000;

/** Failures after which the client has already left the session: nothing to count, just stop. */
const LOGGED_OUT_KINDS: ReadonlySet<RequestErrorKind> = new Set(['unauthorized', 'forced', 'noToken']);
/** Failures where no response arrived: the server (or the way to it) is away. */
const NO_RESPONSE_KINDS: ReadonlySet<RequestErrorKind> = new Set(['network', 'timeout']);

export function isNoResponse(e: unknown): boolean {
  return e instanceof RequestError && NO_RESPONSE_KINDS.has(e.kind) && !e.aborted;
}

/** A 429 (rate limit, or the server's admission gate busy): the next poll asks again. */
export function isBusy(e: unknown): boolean {
  return e instanceof RequestError && e.kind === 'rateLimited';
}

export interface SessionMonitorDeps {
  client: ApiClient;
  timers: Timers;
  store: KeyValueStore;
  notifier: Notifier;
  /** Who and where to check the expiry for; null skips the check (nobody in a study yet). */
  ids(): { studyid: string; userid: string } | null;
  /** Told when an outage starts (false) and when the server answers again (true). */
  onConnectivity?(online: boolean): void;
}

export interface SessionMonitor {
  start(): void;
  stop(): void;
  readonly running: boolean;
  /** The last heartbeat got no response (and none has answered since). */
  readonly offline: boolean;
}

export function readHeartbeatErrors(store: KeyValueStore): number {
  const n = Number.parseInt(store.getItem(STORAGE_KEYS.heartbeatErrors) ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function writeHeartbeatErrors(store: KeyValueStore, count: number): void {
  store.setItem(STORAGE_KEYS.heartbeatErrors, String(count));
}

export function createSessionMonitor(deps: SessionMonitorDeps): SessionMonitor {
  const { client, timers, store, notifier } = deps;
  let running = false;
  let heartbeatTimer: TimerHandle | null = null;
  let expiryTimer: TimerHandle | null = null;
  let heartbeatBusy = false;
  let expiryBusy = false;
  let offline = false;
  /** Bumped by stop(): answers of an earlier run are ignored. */
  let generation = 0;

  function stopExpiryTimer(): void {
    if (expiryTimer !== null) timers.clearInterval(expiryTimer);
    expiryTimer = null;
  }

  /** Stops the expiry check for the rest of this session (a reload does not restart it). */
  function stopExpiry(): void {
    stopExpiryTimer();
    store.setItem(STORAGE_KEYS.expiryCheck, CHECK_OFF);
  }

  function setOnline(online: boolean): void {
    if (offline === !online) return;
    offline = !online;
    // once per outage: the banner of the app stays, the toast is not repeated every 10 s
    if (!online) notifier.notify({ level: 'error', messageId: MSG.network });
    try {
      deps.onConnectivity?.(online);
    } catch {
      // the app's hook must not stop the monitor
    }
  }

  function stop(): void {
    generation++;
    if (heartbeatTimer !== null) {
      timers.clearInterval(heartbeatTimer);
      store.setItem(STORAGE_KEYS.heartbeatCheck, CHECK_OFF);
    }
    heartbeatTimer = null;
    stopExpiryTimer();
    if (offline) setOnline(true);
    heartbeatBusy = false;
    expiryBusy = false;
    running = false;
  }

  function logout(code: ExpireType): void {
    stop();
    client.forceLogout(code);
  }

  function leftAlready(e: unknown): boolean {
    return client.loggingOut || (e instanceof RequestError && LOGGED_OUT_KINDS.has(e.kind));
  }

  function heartbeatFailed(): void {
    const count = readHeartbeatErrors(store) + 1;
    writeHeartbeatErrors(store, count);
    if (count > MAX_HEARTBEAT_FAILURES) logout(HEARTBEAT_LOGOUT_CODE);
  }

  async function beat(): Promise<void> {
    if (heartbeatBusy) return;
    heartbeatBusy = true;
    const run = generation;
    try {
      const env = await client.request(heartBeat, {}, { silent: true });
      if (run !== generation) return;
      setOnline(true);
      if (env.code === 504) logout(504);
      else if (env.data === HEARTBEAT_EXPIRED) logout(405);
      else if (env.success) writeHeartbeatErrors(store, 0);
      else heartbeatFailed();
    } catch (e) {
      if (run !== generation) return;
      if (leftAlready(e)) stop();
      else if (isNoResponse(e)) setOnline(false);
      // the server is busy or limiting (429): it answered, the session is not in doubt — try again next beat
      else if (isBusy(e)) setOnline(true);
      else {
        setOnline(true);
        heartbeatFailed();
      }
    } finally {
      if (run === generation) heartbeatBusy = false;
    }
  }

  async function checkExpiry(): Promise<void> {
    if (expiryBusy) return;
    expiryBusy = true;
    const run = generation;
    try {
      const ids = deps.ids();
      if (!ids) return;
      const env = await client.request(expirationTime, ids, { silent: true });
      if (run !== generation) return;
      if (!env.success) {
        stopExpiry();
      } else if (env.data.flag) {
        stopExpiry();
        if (env.data.beforenote) {
          notifier.notify({ level: 'warning', text: env.data.beforenote, durationMs: EXPIRY_NOTICE_MS });
        }
      }
    } catch (e) {
      if (run !== generation) return;
      if (leftAlready(e)) stop();
      else if (!isNoResponse(e) && !isBusy(e)) stopExpiry();
    } finally {
      if (run === generation) expiryBusy = false;
    }
  }

  return {
    get running() {
      return running;
    },
    get offline() {
      return offline;
    },
    start() {
      if (running) return;
      running = true;
      heartbeatTimer = timers.setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
      store.setItem(STORAGE_KEYS.heartbeatCheck, CHECK_ON);
      if (store.getItem(STORAGE_KEYS.expiryCheck) !== CHECK_OFF) {
        expiryTimer = timers.setInterval(() => void checkExpiry(), EXPIRY_INTERVAL_MS);
        store.setItem(STORAGE_KEYS.expiryCheck, CHECK_ON);
      }
    },
    stop,
  };
}
