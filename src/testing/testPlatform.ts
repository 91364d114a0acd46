/** Platform fakes for UI tests and stories: real sessionStorage (jsdom), timers that never fire, recorders. */
import type { ClientErrorKind } from '../../engine/http/clientErrorReporter';
import type { Timers } from '../../engine/ports';
import type { ExpireType } from '../../engine/session/expireTypes';
import { createNoticeHub } from '../../renderers/notices/noticeHub';
import { sessionStore } from '../platform/browserPorts';
import type { LogoutListener, Platform } from '../platform/platform';

/** Timers that never fire: the session monitor starts but stays quiet. */
export const inertTimers: Timers = {
  setInterval: () => 0,
  clearInterval: () => {},
  setTimeout: () => 0,
  clearTimeout: () => {},
};

export interface TestPlatform extends Platform {
  /** Full-page navigations asked for. */
  readonly assigned: string[];
  /** Errors reported to writeWebLog.do. */
  readonly reports: { kind: ClientErrorKind; error: unknown }[];
  /** Ends the session as the request client would. */
  emitLogout(code: ExpireType | null): void;
}

export function createTestPlatform(overrides: Partial<Platform> = {}): TestPlatform {
  const assigned: string[] = [];
  const reports: { kind: ClientErrorKind; error: unknown }[] = [];
  const listeners = new Set<LogoutListener>();
  return {
    store: sessionStore(window.sessionStorage),
    timers: inertTimers,
    notifier: createNoticeHub(),
    navigator: {
      currentUrl: () => window.location.href,
      assign: (url) => {
        assigned.push(url);
      },
    },
    reporter: {
      report: (kind, error) => {
        reports.push({ kind, error });
      },
    },
    onLogout(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ...overrides,
    assigned,
    reports,
    emitLogout(code) {
      for (const listener of listeners) listener(code);
    },
  };
}
