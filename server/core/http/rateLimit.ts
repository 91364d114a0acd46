/**
 * Rate limits with @fastify/rate-limit on a store in the database (table rate_limit_windows), so that every server
 * instance on one database counts the same windows. A fixed window per key: one atomic upsert counts a hit and
 * answers the hits so far and when the window ends. Routes name the limits they need (core/http/route.ts); an
 * exceeded limit answers 429 with a translated message and Retry-After.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Locale } from '../../../engine/api/localized';
import type { RateLimitName, RateLimits } from '../config';
import { queryOne, type Db } from '../db/db';
import { message } from '../messages';
import { recordSecurityEvent } from '../security/securityLog';
import { HttpAnswer, fail } from './envelope';

/** A hit in the window of `key`: the hits so far and the milliseconds until the window ends. */
export async function hitWindow(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const row = await queryOne<{ hits: number; windowEnds: Date }>(
    db,
    `insert into rate_limit_windows as w (key, hits, window_ends)
     values ($1, 1, $2::timestamptz + make_interval(secs => $3::float8 / 1000))
     on conflict (key) do update set
       hits = case when w.window_ends <= $2::timestamptz then 1 else least(w.hits + 1, 1000000000) end,
       window_ends = case when w.window_ends <= $2::timestamptz then excluded.window_ends else w.window_ends end
     returning hits, window_ends as "windowEnds"`,
    [key.slice(0, 300), now.toISOString(), windowMs],
  );
  if (!row) throw new Error('rate_limit_windows: the hit returned no row');
  return { current: row.hits, ttl: Math.max(0, new Date(row.windowEnds).getTime() - now.getTime()) };
}

/** A @fastify/rate-limit store on the database (the cluster-safe alternative to its in-memory LocalStore). */
export function databaseStore(db: Db, now: () => Date): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hitWindow(db, key, now(), timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(): FastifyRateLimitStore {
      // keys carry the limit's name (see RequestLimiter): one table serves every limit
      return this;
    }
  };
}

const SECURITY_LIMITS = new Set<RateLimitName>(['login', 'loginAccount', 'signature', 'signatureUser']);

export interface LimitSubject {
  request: FastifyRequest;
  locale: Locale;
  now: Date;
  /** The account name tried (loginAccount), the user (signatureUser). */
  key: string;
}

export interface RequestLimiter {
  /** Counts a hit on the limit; throws a 429 HttpAnswer when the limit is exceeded. */
  check(name: RateLimitName, subject: LimitSubject): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate limits in the database (edc-rate-limit). */
    limiter: RequestLimiter;
  }
}

export interface RateLimitOptions {
  db: Db;
  limits: RateLimits;
  now: () => Date;
}

/** `edc-rate-limit`: registers @fastify/rate-limit (no global limit; routes name theirs) and decorates app.limiter. */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, { db, limits, now }) => {
    await app.register(rateLimit, { global: false, store: databaseStore(db, now), skipOnError: false });
    const limiter: RequestLimiter = {
      async check(name, { request, locale, key, now: at }) {
        const rule = limits[name];
        const check = app.createRateLimit({
          max: rule.max,
          timeWindow: rule.windowMs,
          // the login and signature fronts fail closed when the window cannot be counted; the others open
          skipOnError: !SECURITY_LIMITS.has(name),
          keyGenerator: () => `${name}:${key}`,
        });
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        const seconds = Math.max(1, result.ttlInSeconds);
        request.log.info({ event: 'rateLimited', limit: name }, 'rate limit exceeded');
        // refusals on the login and signature fronts are security events; the others only go to the server log
        if (SECURITY_LIMITS.has(name)) {
          await recordSecurityEvent(db, {
            at,
            event: 'rateLimited',
            account: name === 'loginAccount' ? key : null,
            ip: request.ip,
            detail: { limit: name, max: rule.max, windowMs: rule.windowMs },
          });
        }
        const text =
          name === 'webLog'
            ? message('tooManyLogs', locale)
            : message('tooManyRequests', locale, { seconds });
        throw new HttpAnswer(429, fail(text), { 'retry-after': String(seconds) });
      },
    };
    app.decorate('limiter', limiter);
  },
  { name: 'edc-rate-limit', dependencies: ['edc-core'] },
);
