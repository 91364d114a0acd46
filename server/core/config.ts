/**
 * Reference server configuration. `main.ts` fills it from the environment; tests build it directly.
 */
import type { FastifyServerOptions } from 'fastify';
import { DEFAULT_PRODUCT_RELEASE } from '../../engine/api/protocol';
import type { Db } from './db/db';
import { DEFAULT_DB_POOL_SIZE } from './db/postgres';
import { loggerOptions } from './logging';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory (ignored when `databaseUrl` or `db` is given). */
  dataDir: string;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** An open, migrated database (tests); buildApp then neither opens nor closes one. */
  db?: Db;
  /** A session idle longer than this is expired (→ 405). Default 30 min. */
  idleTimeoutMs: number;
  /** Clock, injectable for tests. */
  now: () => Date;
  /** The built SPA (vite build output). Default 'dist'. */
  distDir: string;
  /** Integration address for `back` endpoints; default: the request's own origin. */
  backAddress?: string;
  /**
   * Behind a reverse proxy (TLS terminated there): take the client's protocol, host and address from its
   * X-Forwarded-Proto/-Host/-For headers (Fastify `trustProxy`). They then decide the derived backAddress and whether
   * the token cookie is `Secure`. Default false: a client could forge them. A list of addresses (IPs, CIDR ranges)
   * trusts only proxies there: a request from elsewhere keeps its socket address whatever headers it sends.
   */
  trustProxy: boolean | string[];
  /** Online-service (support chat) URL answered by online.do. */
  onlineUrl: string;
  /** appversion.do answers this (REFERENCE_SERVER_VERSION by default). */
  serverVersion: string;
  /** logininfo.do's productRelease (DEFAULT_PRODUCT_RELEASE by default). */
  productRelease: string;
  /** Fastify logger options (pino, JSON lines); false for none. */
  logger: FastifyServerOptions['logger'];
  /** writeWebLog.do entries accepted per client IP and minute. */
  webLogPerMinute: number;
  /**
   * Login lockout (server/core/auth/lockouts.ts): `maxFailedLogins` attempts in a row lock the account name for
   * `lockoutBaseMs`, each further lock twice as long as the one before, at most `lockoutMaxMs`; `lockoutResetMs`
   * without an attempt forgets the count and the doubling.
   */
  maxFailedLogins: number;
  lockoutBaseMs: number;
  lockoutMaxMs: number;
  lockoutResetMs: number;
  /** Rate limits per client IP, account or user (server/core/http/rateLimit.ts); windows live in the database. */
  rateLimits: RateLimits;
  /**
   * Host names (optionally `name:port`; `.example.org` for the domain and its subdomains) this server answers to.
   * A request to another Host is refused, so that the Host header never chooses the derived integration address.
   * Hosts with a row in site_ui_config are accepted too. Default: see defaultAllowedHosts.
   */
  allowedHosts: string[];
  /**
   * Requests of this process at work at once (session check, handler, database); the others wait their turn in
   * arrival order (http/admission.ts, docs/load.md "Stop 29"). 0: no bound. Default: the pool's size less 2
   * (defaultActiveRequests).
   */
  maxActiveRequests: number;
  /** The longest a request waits for its turn before it is answered 429 (nothing done). Default 30 s. */
  admissionWaitMs: number;
  /** Security log (failed logins, lockouts, refused requests) rows older than this are purged. */
  securityLogRetentionDays: number;
}

/** One fixed window: at most `max` requests per `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * - `public`: every unauthenticated endpoint, per client IP;
 * - `login` / `loginAccount`: the login front per client IP / per account name;
 * - `signature` / `signatureUser`: the signature re-authentication per client IP / per user;
 * - `webLog`: writeWebLog.do per client IP (`webLogPerMinute`).
 */
export type RateLimitName = 'public' | 'login' | 'loginAccount' | 'signature' | 'signatureUser' | 'webLog';
export type RateLimits = Record<RateLimitName, RateRule>;

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: Omit<RateLimits, 'webLog'> = {
  public: { max: 600, windowMs: MINUTE },
  login: { max: 60, windowMs: MINUTE },
  loginAccount: { max: 20, windowMs: MINUTE },
  signature: { max: 60, windowMs: MINUTE },
  signatureUser: { max: 20, windowMs: MINUTE },
};

/** Loopback names, the interface the server binds to (unless it is a wildcard) and the configured back address. */
export function defaultAllowedHosts(host: string, backAddress: string | undefined): string[] {
  const hosts = ['localhost', '127.0.0.1', '[::1]'];
  if (host && host !== '0.0.0.0' && host !== '::') hosts.push(host.includes(':') ? `[${host}]` : host);
  if (backAddress) {
    try {
      hosts.push(new URL(backAddress).host);
    } catch {
      // a malformed BACK_ADDRESS is reported where it is used
    }
  }
  return hosts;
}

/**
 * Admitted requests per process for a pool of `poolSize` connections: two connections left for what does not wait at
 * the gate (logins, signatures, uploads, jobs, a download's chunks), so an admitted request does not wait for the
 * pool (whose 10 s connect timeout would answer 500, not the gate's orderly 429).
 */
export function defaultActiveRequests(poolSize: number): number {
  return Math.max(1, poolSize - 2);
}

export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/**
 * The version this reference server reports by default. Not the client's DEFAULT_SERVER_VERSION
 * (engine/session/version.ts), which is what the client assumes when a server reports none.
 */
export const REFERENCE_SERVER_VERSION = 'V2.1.8';
export const DEFAULT_ONLINE_URL = 'https://www.example.com/edc-online-service';

export type ServerConfigInput = Partial<Omit<ServerConfig, 'rateLimits'>> & {
  rateLimits?: Partial<RateLimits>;
};

export function resolveConfig(input: ServerConfigInput = {}): ServerConfig {
  return {
    port: input.port ?? 8080,
    host: input.host ?? '127.0.0.1',
    dataDir: input.dataDir ?? '.data/pglite',
    ...(input.databaseUrl ? { databaseUrl: input.databaseUrl } : {}),
    ...(input.db ? { db: input.db } : {}),
    idleTimeoutMs: input.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    now: input.now ?? (() => new Date()),
    distDir: input.distDir ?? 'dist',
    ...(input.backAddress ? { backAddress: input.backAddress } : {}),
    trustProxy: input.trustProxy ?? false,
    onlineUrl: input.onlineUrl ?? DEFAULT_ONLINE_URL,
    serverVersion: input.serverVersion ?? REFERENCE_SERVER_VERSION,
    productRelease: input.productRelease ?? DEFAULT_PRODUCT_RELEASE,
    logger: input.logger ?? loggerOptions('info'),
    webLogPerMinute: input.webLogPerMinute ?? 60,
    maxFailedLogins: input.maxFailedLogins ?? 5,
    lockoutBaseMs: input.lockoutBaseMs ?? MINUTE,
    lockoutMaxMs: input.lockoutMaxMs ?? 30 * MINUTE,
    lockoutResetMs: input.lockoutResetMs ?? 24 * 60 * MINUTE,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      webLog: { max: input.webLogPerMinute ?? 60, windowMs: MINUTE },
      ...input.rateLimits,
    },
    allowedHosts: input.allowedHosts ?? defaultAllowedHosts(input.host ?? '127.0.0.1', input.backAddress),
    securityLogRetentionDays: input.securityLogRetentionDays ?? 180,
    maxActiveRequests: input.maxActiveRequests ?? defaultActiveRequests(DEFAULT_DB_POOL_SIZE),
    admissionWaitMs: input.admissionWaitMs ?? 30_000,
  };
}
