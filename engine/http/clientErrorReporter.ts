/**
 * Sends client errors (unhandled errors, rejected promises, failed chunk loads, requests that point at a bug) to
 * writeWebLog.do. It never throws and never loops: its own failures are swallowed, errors about writeWebLog.do are
 * ignored, identical messages within 10 s are sent once, and at most 20 reports leave per minute.
 */
import { writeWebLog } from '../api/session';
import { WEB_LOG_LIMITS } from '../api/protocol';
import type { ApiClient } from './createApiClient';
import { RequestError } from './requestError';
import { redactTokenInUrl } from './tokenStore';

export type ClientErrorKind = 'error' | 'unhandledrejection' | 'chunk-load' | 'request';

export interface ClientErrorReporter {
  report(kind: ClientErrorKind, error: unknown): void;
}

export const REPORT_DEDUPE_MS = 10_000;
export const REPORT_RATE_WINDOW_MS = 60_000;
export const REPORT_MAX_PER_WINDOW = 20;

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

function describe(error: unknown): { message: string; stack?: string } {
  try {
    if (error instanceof Error) {
      const message = `${error.name}: ${error.message}`;
      return error.stack ? { message, stack: error.stack } : { message };
    }
    if (typeof error === 'string') return { message: error };
    const json = JSON.stringify(error);
    return { message: json === undefined ? String(error) : json };
  } catch {
    return { message: Object.prototype.toString.call(error) };
  }
}

export function createClientErrorReporter(
  client: ApiClient,
  now: () => Date,
  url: () => string,
  userAgent?: string,
): ClientErrorReporter {
  const lastSent = new Map<string, number>();
  let sentTimes: number[] = [];
  let busy = false;

  function admit(key: string, at: number): boolean {
    const last = lastSent.get(key);
    if (last !== undefined && at - last < REPORT_DEDUPE_MS) return false;
    sentTimes = sentTimes.filter((t) => at - t < REPORT_RATE_WINDOW_MS);
    if (sentTimes.length >= REPORT_MAX_PER_WINDOW) return false;
    sentTimes.push(at);
    lastSent.set(key, at);
    for (const [k, t] of lastSent) if (at - t >= REPORT_DEDUPE_MS) lastSent.delete(k);
    return true;
  }

  return {
    report(kind, error) {
      // a report that fails while being sent must not report itself
      if (busy) return;
      if (error instanceof RequestError && error.endpoint === writeWebLog.path) return;
      busy = true;
      try {
        const at = now();
        const { message, stack } = describe(error);
        const text = clip(message.trim() || 'unknown error', WEB_LOG_LIMITS.msg);
        if (!admit(`${kind}\n${text}`, at.getTime())) return;
        const token = client.token.get();
        const params = {
          msg: text,
          token: token ?? undefined,
          level: 'error' as const,
          kind,
          // the entrance address may carry the login token (`?token=`): it must not reach the server's log
          url: clip(redactTokenInUrl(url()) || '(unknown)', WEB_LOG_LIMITS.url),
          time: at.toISOString(),
          stack: stack ? clip(stack, WEB_LOG_LIMITS.stack) : undefined,
          userAgent: userAgent ? clip(userAgent, WEB_LOG_LIMITS.userAgent) : undefined,
        };
        client.call(writeWebLog, params, { silent: true }).catch(() => undefined);
      } catch {
        // never throw from an error handler
      } finally {
        busy = false;
      }
    },
  };
}
