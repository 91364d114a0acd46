import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db } from './db';
import { SentStatements } from './sentStatements';

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/**
 * Named (server-side prepared) statements, one per distinct SQL text: each connection parses a statement once and
 * PostgreSQL keeps its parse tree and, after a few executions, its generic plan, instead of parsing, analysing and
 * planning every statement of every request (docs/load.md, stop 25: most of the PostgreSQL backends' CPU per
 * request). Only DML and queries (a utility statement such as `set`, DDL or `begin` goes unnamed); at most
 * MAX_NAMED_STATEMENTS texts per process — a generated text beyond that (a list filter with an unusual shape) goes
 * unnamed instead of growing every connection's statement cache for ever.
 */
export const MAX_NAMED_STATEMENTS = 2_000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export class StatementNames {
  private readonly names = new Map<string, string | null>();
  private generation = 0;

  constructor(private readonly max = MAX_NAMED_STATEMENTS) {}

  /**
   * Every text gets a new name from now on: after another process migrated a table under a statement prepared here
   * (a rolling deploy), PostgreSQL refuses the old plan (`cached plan must not change result type`); a new name is
   * prepared afresh on each connection.
   */
  renew(): void {
    this.names.clear();
    this.generation += 1;
  }

  /** The statement's name, or undefined to send it unnamed. */
  of(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined) return known ?? undefined;
    if (this.names.size >= this.max) return undefined;
    const name = PREPARABLE.test(sql)
      ? `edc_${this.generation > 0 ? `${this.generation}_` : ''}${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`
      : null;
    this.names.set(sql, name);
    return name ?? undefined;
  }
}

/**
 * PostgreSQL refused a prepared statement whose table changed shape under it (feature_not_supported, raised by
 * `RevalidateCachedQuery`). The routine's name is never translated; the message is (`lc_messages`), so it is only a
 * fallback for a server that does not send the routine.
 */
export function planChanged(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; routine?: unknown } | null;
  if (e?.code !== '0A000') return false;
  if (typeof e.routine === 'string') return e.routine === 'RevalidateCachedQuery';
  return typeof e.message === 'string' && e.message.includes('cached plan must not change');
}

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;

  constructor(
    private readonly pool: pg.Pool,
    private readonly handle: Queryable,
    readonly inTransaction: boolean,
    private readonly statements: StatementNames | null,
    private readonly sent: SentStatements | null = null,
  ) {}

  query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.sent ? this.sent.track(() => this.send<T>(sql, params)) : this.send<T>(sql, params);
  }

  private async send<T>(sql: string, params: unknown[]): Promise<T[]> {
    const name = this.statements?.of(sql);
    try {
      const result = await this.handle.query(
        name ? { name, text: sql, values: params } : { text: sql, values: params },
      );
      return result.rows as T[];
    } catch (err) {
      if (!name || !planChanged(err)) throw err;
      this.statements?.renew();
      // inside a transaction the error aborted it: the caller's request fails once, the next one is prepared afresh
      if (this.inTransaction) throw err;
      const result = await this.handle.query({ text: sql, values: params });
      return result.rows as T[];
    }
  }

  async exec(sql: string): Promise<void> {
    const run = () => this.handle.query(sql).then(() => undefined);
    await (this.sent ? this.sent.track(run) : run());
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    const client = await this.pool.connect();
    const sent = new SentStatements();
    try {
      // not awaited: the pool's clients pipeline (openPostgres), so BEGIN goes out with the transaction's first
      // statement, one round trip instead of two. BEGIN cannot fail but with the connection, which fails every
      // statement behind it too (none would then run outside the transaction and commit on its own)
      void sent.track(() => client.query('BEGIN'));
      const result = await fn(new PostgresDb(this.pool, client, true, this.statements, sent));
      // a statement the driver refused itself (never sent) leaves the server's transaction open, not aborted: no
      // commit then
      await sent.throwIfFailed();
      // the commit goes out behind any statement still unanswered; a failed one aborted the transaction, and
      // PostgreSQL answers the COMMIT of an aborted transaction by rolling it back, without an error: settle()
      // throws that statement's error, and a commit answered otherwise than COMMIT is a failure in any case
      const commit = sent.track(() => client.query('COMMIT'));
      await sent.settle();
      const answered = await commit;
      if (answered.command !== 'COMMIT') {
        throw new Error(`the transaction was not committed: PostgreSQL answered ${answered.command}`);
      }
      return result;
    } catch (err) {
      const reported = await sent.rootCause(err);
      sent.end();
      await client.query('ROLLBACK').catch(() => undefined);
      throw reported;
    } finally {
      sent.end();
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
  /**
   * Named statements (StatementNames); default on. Off for the owner's pool that migrates: a statement prepared
   * before a migration changes its table's columns would fail (`cached plan must not change result type`).
   */
  prepared?: boolean;
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
    // a client sends each statement as soon as it is asked for, without waiting for the answers of the ones before
    // (they are answered in order): a transaction's BEGIN travels with its first statement, and a write sent with
    // sendInTransaction with the next statement or the commit (docs/load.md, stop 30)
    pipeline: true,
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
  return new PostgresDb(pool, pool, false, opts.prepared === false ? null : new StatementNames());
}
