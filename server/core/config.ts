/**
 * Reference server configuration. `main.ts` fills it from the environment; tests build it directly.
 */
import type { FastifyServerOptions } from 'fastify';
import { DEFAULT_PRODUCT_RELEASE } from '../../engine/api/protocol';
import type { Db } from './db/db';
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
   * the token cookie is `Secure`. Default false: a client could forge them.
   */
  trustProxy: boolean;
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
  /** Failed logins in a row before an account is locked, and for how long. */
  maxFailedLogins: number;
  lockoutMs: number;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/**
 * The version this reference server reports by default. Not the client's DEFAULT_SERVER_VERSION
 * (engine/session/version.ts), which is what the client assumes when a server reports none.
 */
export const REFERENCE_SERVER_VERSION = 'V2.1.8';
export const DEFAULT_ONLINE_URL = 'https://www.example.com/edc-online-service';

export type ServerConfigInput = Partial<ServerConfig>;

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
    lockoutMs: input.lockoutMs ?? 15 * 60 * 1000,
  };
}
