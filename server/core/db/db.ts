/**
 * The one database interface the server uses. Two implementations run the SAME SQL (with `$1` parameters):
 * embedded PGlite (pglite.ts, the default) and PostgreSQL through `pg` (postgres.ts, when DATABASE_URL is set).
 *
 * Conventions that keep both drivers returning the same JS values:
 * - ids are `text`; bigint columns are cast (`::int`, `::text`) when selected;
 * - timestamps are `timestamptz`, written from ISO strings (the server's injectable clock), read back as Date;
 * - jsonb is written as `$n::jsonb` from JSON.stringify and read back parsed.
 */
export type DbKind = 'pglite' | 'postgres';

export interface Db {
  readonly kind: DbKind;
  /**
   * True for the handle of an open transaction (the `tx` a transaction callback gets; nested transaction calls
   * return that same handle). Row-lock bookkeeping (rowLocks.ts) relies on it; a wrapper that does not say is
   * treated as not in a transaction.
   */
  readonly inTransaction?: boolean;
  /** One statement with `$1`… parameters; the result rows. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in a transaction (committed when it resolves, rolled back when it throws). Nested calls join the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The first row, or null. */
export async function queryOne<T>(db: Db, sql: string, params?: unknown[]): Promise<T | null> {
  const rows = await db.query<T>(sql, params);
  return rows[0] ?? null;
}
