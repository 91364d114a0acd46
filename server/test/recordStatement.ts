import type { Db } from '../core/db/db';

/** A statement as a repository would send it: its SQL and parameters. */
export interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * The statement `send` sends through a database that records it and answers no rows (a plan test then explains or
 * prepares exactly what the code sends). Only `query` is recorded; the last call wins.
 */
export async function recordStatement(send: (db: Db) => Promise<unknown>): Promise<SentStatement> {
  let sent: SentStatement | null = null;
  const recorder = {
    query: async (sql: string, params?: unknown[]) => {
      sent = { sql, params: params ?? [] };
      return [];
    },
  } as unknown as Db;
  await send(recorder);
  if (!sent) throw new Error('recordStatement: nothing was sent');
  return sent;
}
