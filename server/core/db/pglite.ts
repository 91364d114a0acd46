import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from './db';

type PgliteHandle = Pick<PGlite, 'query' | 'exec'> | Transaction;

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;

  constructor(
    private readonly root: PGlite,
    private readonly handle: PgliteHandle,
    readonly inTransaction: boolean,
  ) {}

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.handle.query<T>(sql, params);
    return result.rows;
  }

  async exec(sql: string): Promise<void> {
    await this.handle.exec(sql);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    return this.root.transaction((tx) => fn(new PgliteDb(this.root, tx, true)));
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
