import pg from 'pg';
import type { Db } from './db';

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;

  constructor(
    private readonly pool: pg.Pool,
    private readonly handle: Queryable,
    readonly inTransaction: boolean,
  ) {}

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.handle.query(sql, params);
    return result.rows as T[];
  }

  async exec(sql: string): Promise<void> {
    await this.handle.query(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(new PostgresDb(this.pool, client, true));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}

/**
 * Connections per pool. A request holds one for a few short queries (a save: one transaction), so a handful per
 * process keeps PostgreSQL busy; more only queue inside PostgreSQL (docs/load.md). DB_POOL_SIZE overrides it.
 */
export const DEFAULT_DB_POOL_SIZE = 10;

export interface PostgresOptions {
  /** Schema put first on every connection's search_path (tests use one fresh schema per file). */
  schema?: string;
  max?: number;
}

/** A pool on DATABASE_URL; connects once so that a bad URL, refused connection or failed login shows up here. */
export async function openPostgres(databaseUrl: string, opts: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.max ?? DEFAULT_DB_POOL_SIZE,
    connectionTimeoutMillis: 10_000,
    // pg's default (10 s) closes connections between bursts of load; each new one costs PostgreSQL a backend and
    // the client a SCRAM handshake (PBKDF2, seen in the load profile)
    idleTimeoutMillis: 60_000,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  // an idle client losing its connection must not crash the server; the next query reconnects
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  return new PostgresDb(pool, pool, false);
}
