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
  /**
   * Runs `fn` in a transaction (committed when it resolves, rolled back when it throws). Nested calls join the outer
   * one. The commit waits for every statement sent on the transaction's handle, awaited or not (sendInTransaction):
   * when one of them failed, the transaction is rolled back and its error thrown.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The first row, or null. */
export async function queryOne<T>(db: Db, sql: string, params?: unknown[]): Promise<T | null> {
  const rows = await db.query<T>(sql, params);
  return rows[0] ?? null;
}

/**
 * Sends a write whose rows the caller does not need, in `tx`'s transaction, without waiting for its answer: on
 * PostgreSQL it goes out behind the statements before it and ahead of the next one or the commit (pipelined, one
 * round trip saved); on PGlite it runs in its turn. Its failure aborts the transaction: the statements after it fail,
 * and the commit rolls back and throws its error (Db.transaction). Only in a transaction: outside one, an unawaited
 * failure would be lost.
 */
export function sendInTransaction(tx: Db, sql: string, params?: unknown[]): void {
  if (tx.inTransaction !== true) throw new Error('sendInTransaction: not in a transaction');
  // the transaction's handle keeps the promise and settles it before the commit; this branch only marks the
  // rejection handled here
  tx.query(sql, params).catch(() => undefined);
}
