import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from './db';
import { SentStatements } from './sentStatements';

type PgliteHandle = Pick<PGlite, 'query' | 'exec'> | Transaction;

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;

  constructor(
    private readonly root: PGlite,
    private readonly handle: PgliteHandle,
    readonly inTransaction: boolean,
    private readonly sent: SentStatements | null = null,
  ) {}

  query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const run = () => this.handle.query<T>(sql, params).then((r) => r.rows);
    return this.sent ? this.sent.track(run) : run();
  }

  async exec(sql: string): Promise<void> {
    const run = () => this.handle.exec(sql).then(() => undefined);
    await (this.sent ? this.sent.track(run) : run());
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    return this.root.transaction(async (tx) => {
      // PGlite runs a transaction's statements one at a time in the order sent; the commit (PGlite's, when this
      // resolves) waits for every one of them, awaited or not (sendInTransaction), as on PostgreSQL
      const sent = new SentStatements();
      try {
        const result = await fn(new PgliteDb(this.root, tx, true, sent));
        await sent.throwIfFailed();
        await sent.settle();
        return result;
      } catch (err) {
        throw await sent.rootCause(err);
      } finally {
        sent.end();
      }
    });
  }

  async close(): Promise<void> {
    if (!this.root.closed) await this.root.close();
  }
}

/** Wraps an open PGlite (tests clone one from a snapshot). */
export function wrapPglite(pg: PGlite): Db {
  return new PgliteDb(pg, pg, false);
}

/**
 * Opens (creating when empty) the PGlite database persisted in `dataDir`; `memory://` keeps it in memory.
 * `loadDataDir` starts from a dump (a tarball made by `dumpDataDir()`).
 */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Db> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const pg = new PGlite({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
  await pg.waitReady;
  return wrapPglite(pg);
}
