/**
 * Session rules (spec §8), on injected timers:
 * - heartbeat every 10 s: a failure adds one to the error count kept in session storage, a success resets it; the
 *   4th failure in a row (more than 3) stops polling and logs out with 408; data −2 → 405; envelope code 504 → 504.
 * - expiry check every 15 s: `data.flag` shows `data.beforenote` and stops this check; any failure stops it too
 *   (the heartbeat goes on).
 * A tick is skipped while the previous request of the same kind is still in flight.
 */
import { HEARTBEAT_EXPIRED, expirationTime, heartBeat } from '../api/session';
import type { KeyValueStore, Notifier, TimerHandle, Timers } from '../ports';
import type { ApiClient } from '../http/createApiClient';
import { RequestError, type RequestErrorKind } from '../http/requestError';
import type { ExpireType } from './expireTypes';
import { STORAGE_KEYS } from './storageKeys';

export const HEARTBEAT_INTERVAL_MS = 10_000;
export const EXPIRY_INTERVAL_MS = 15_000;
/** Consecutive heartbeat failures tolerated; one more logs out with 408. */
export const MAX_HEARTBEAT_FAILURES = 3;
/** The expiry notice stays as long as a toast may (spec §7: 2–3 s). */
export const EXPIRY_NOTICE_MS = 3_000;

/** Failures after which the client has already left the session: nothing to count, just stop. */
const LOGGED_OUT_KINDS: ReadonlySet<RequestErrorKind> = new Set(['unauthorized', 'forced', 'noToken']);

export interface SessionMonitorDeps {
  client: ApiClient;
  timers: Timers;
  store: KeyValueStore;
  notifier: Notifier;
  /** Who and where to check the expiry for; null skips the check (nobody in a study yet). */
  ids(): { studyid: string; userid: string } | null;
}

export interface SessionMonitor {
  start(): void;
  stop(): void;
  readonly running: boolean;
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
  /** Bumped by stop(): answers of an earlier run are ignored. */
  let generation = 0;

  function stopExpiry(): void {
    if (expiryTimer !== null) timers.clearInterval(expiryTimer);
    expiryTimer = null;
  }

  function stop(): void {
    generation++;
    if (heartbeatTimer !== null) timers.clearInterval(heartbeatTimer);
    heartbeatTimer = null;
    stopExpiry();
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
    if (count > MAX_HEARTBEAT_FAILURES) logout(408);
  }

  async function beat(): Promise<void> {
    if (heartbeatBusy) return;
    heartbeatBusy = true;
    const run = generation;
    try {
      const env = await client.request(heartBeat, {}, { silent: true });
      if (run !== generation) return;
      if (env.code === 504) logout(504);
      else if (env.data === HEARTBEAT_EXPIRED) logout(405);
      else if (env.success) writeHeartbeatErrors(store, 0);
      else heartbeatFailed();
    } catch (e) {
      if (run !== generation) return;
      if (leftAlready(e)) stop();
      else heartbeatFailed();
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
      stopExpiry();
      if (leftAlready(e)) stop();
    } finally {
      if (run === generation) expiryBusy = false;
    }
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      heartbeatTimer = timers.setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
      expiryTimer = timers.setInterval(() => void checkExpiry(), EXPIRY_INTERVAL_MS);
    },
    stop,
  };
}
