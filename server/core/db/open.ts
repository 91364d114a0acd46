/**
 * Opens the configured database — PostgreSQL when DATABASE_URL is set, else PGlite persisted in the data
 * directory — with errors that say what is wrong (StartupError).
 */
import type { Db } from './db';
import { lockDataDir } from './dataDirLock';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { checkDatabaseUrl, describeDatabaseError, ensureWritableDir } from '../startupErrors';

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL connections (DB_POOL_SIZE); default DEFAULT_DB_POOL_SIZE. */
  dbPoolSize?: number;
  /** PostgreSQL named statements (DB_PREPARED_STATEMENTS); default on. */
  dbPreparedStatements?: boolean;
}): Promise<Db> {
  if (opts.databaseUrl) {
    checkDatabaseUrl(opts.databaseUrl);
    try {
      return await openPostgres(opts.databaseUrl, {
        ...(opts.dbPoolSize ? { max: opts.dbPoolSize } : {}),
        ...(opts.dbPreparedStatements === false ? { prepared: false } : {}),
      });
    } catch (err) {
      throw describeDatabaseError(err, opts.databaseUrl);
    }
  }
  if (opts.dataDir.startsWith('memory://')) return openPglite(opts.dataDir);
  await ensureWritableDir(opts.dataDir);
  const release = await lockDataDir(opts.dataDir);
  try {
    const db = await openPglite(opts.dataDir);
    return {
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      close: () => db.close().finally(release),
    };
  } catch (err) {
    await release();
    throw err;
  }
}
