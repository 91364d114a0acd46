/** Reads the server's environment variables (main.ts, seedCli.ts). */
import { DEFAULT_DEMO_PASSWORD } from '../seed/seed';
import { StartupError } from './startupErrors';
import { DEFAULT_DB_POOL_SIZE } from './db/postgres';
import { defaultActiveRequests } from './config';

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** MIGRATION_DATABASE_URL: the owner role that runs the migrations; the app's role then gets DML only. */
  migrationDatabaseUrl: string | undefined;
  demoPassword: string;
  onlineUrl: string | undefined;
  backAddress: string | undefined;
  /**
   * TRUST_PROXY: `true`/`1` behind a reverse proxy that sets X-Forwarded-*, or better the proxies' addresses
   * (comma-separated IPs or CIDR ranges: only requests from them are read so). See ServerConfig.trustProxy.
   */
  trustProxy: boolean | string[];
  /** DB_POOL_SIZE: PostgreSQL connections per server process (10). */
  dbPoolSize: number;
  /**
   * MAX_ACTIVE_REQUESTS: requests of the process at work at once, the others wait their turn (ServerConfig
   * maxActiveRequests); default DB_POOL_SIZE less 2; 0: no bound.
   */
  maxActiveRequests: number;
  /**
   * DB_PREPARED_STATEMENTS: PostgreSQL named (prepared) statements, one per SQL text and connection (true). `false`
   * behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21); docs/load.md, stop 25.
   */
  dbPreparedStatements: boolean;
  logLevel: string;
  /** ALLOWED_HOSTS: comma-separated host names (see ServerConfig.allowedHosts); undefined: the defaults. */
  allowedHosts: string[] | undefined;
  /** SECURITY_LOG_RETENTION_DAYS (180). */
  securityLogRetentionDays: number;
}

function readFlag(env: NodeJS.ProcessEnv, name: string): boolean {
  const text = env[name]?.trim().toLowerCase() || 'false';
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new StartupError(`${name} must be true or false (got "${env[name]}")`);
}

/** An IPv4 or IPv6 address, optionally with a /prefix (what Fastify's trustProxy takes besides true). */
const PROXY_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i;

function readTrustProxy(env: NodeJS.ProcessEnv): boolean | string[] {
  const text = env.TRUST_PROXY?.trim() ?? '';
  if (!text.includes(',') && !PROXY_ADDRESS.test(text)) return readFlag(env, 'TRUST_PROXY');
  const addresses = readList(text) ?? [];
  const bad = addresses.find((a) => !PROXY_ADDRESS.test(a));
  if (bad !== undefined) {
    throw new StartupError(
      `TRUST_PROXY must be true, false or the proxies' addresses (IPs or CIDR ranges, comma-separated; got "${bad}")`,
    );
  }
  return addresses;
}

function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new StartupError(`${name} must be a whole number from 1 to ${max} (got "${text}")`);
  }
  return n;
}

/** MAX_ACTIVE_REQUESTS: 0 (no bound) to 10,000; default: the pool's size less 2 (defaultActiveRequests). */
function readActiveRequests(env: NodeJS.ProcessEnv, poolSize: number): number {
  const text = env.MAX_ACTIVE_REQUESTS?.trim();
  if (!text) return defaultActiveRequests(poolSize);
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 10_000) {
    throw new StartupError(
      `MAX_ACTIVE_REQUESTS must be a whole number from 0 (no bound) to 10000 (got "${text}")`,
    );
  }
  return n;
}

function readList(text: string | undefined): string[] | undefined {
  const items = (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

function readDays(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1) {
    throw new StartupError(`${name} must be a whole number of days, at least 1 (got "${text}")`);
  }
  return days;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const portText = env.PORT?.trim() || '8080';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StartupError(`PORT must be a number from 0 to 65535 (got "${portText}")`);
  }
  const dbPoolSize = readCount(env, 'DB_POOL_SIZE', DEFAULT_DB_POOL_SIZE, 1000);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR?.trim() || '.data/pglite',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL?.trim() || undefined,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    onlineUrl: env.ONLINE_URL?.trim() || undefined,
    backAddress: env.BACK_ADDRESS?.trim() || undefined,
    trustProxy: readTrustProxy(env),
    dbPoolSize,
    maxActiveRequests: readActiveRequests(env, dbPoolSize),
    dbPreparedStatements: env.DB_PREPARED_STATEMENTS?.trim() ? readFlag(env, 'DB_PREPARED_STATEMENTS') : true,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    allowedHosts: readList(env.ALLOWED_HOSTS),
    securityLogRetentionDays: readDays(env, 'SECURITY_LOG_RETENTION_DAYS', 180),
  };
}
