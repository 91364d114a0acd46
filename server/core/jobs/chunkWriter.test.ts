/**
 * ChunkWriter: a job's file goes to the database in chunks of at most the chunk size, encoded straight into one
 * reused buffer; what is stored, read back in order, is exactly what was written (UTF-8 split across chunks
 * included), on either driver's way of sending bytes.
 */
import { describe, expect, it } from 'vitest';
import type { Db, DbKind } from '../db/db';
import { ChunkWriter } from './jobs';

/** A database that keeps each inserted chunk (copied at the call, as a driver serialises its parameters). */
function chunkStore(kind: DbKind) {
  const chunks: Buffer[] = [];
  const db: Db = {
    kind,
    async query<T>(_sql: string, params: unknown[] = []): Promise<T[]> {
      const data = params[2];
      chunks[params[1] as number] = Buffer.isBuffer(data)
        ? Buffer.from(data)
        : Buffer.from(String(data), 'base64');
      return [{ seq: params[1] } as T]; // the job is running: the chunk was stored
    },
    exec: async () => undefined,
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return { db, chunks };
}

describe('ChunkWriter', () => {
  for (const kind of ['postgres', 'pglite'] as const)
    it(`stores what was written, in chunks of at most the chunk size (${kind})`, async () => {
      const { db, chunks } = chunkStore(kind);
      const writer = new ChunkWriter(db, '1', 16);
      const parts: (string | Uint8Array)[] = [
        '<ODM>',
        '受试者', // 9 bytes: crosses the first chunk's end
        'é'.repeat(20), // longer than a chunk
        new Uint8Array([1, 2, 3]),
        '',
        'x'.repeat(16),
        '😀</ODM>',
      ];
      for (const p of parts) await writer.write(p);
      await writer.flush();
      const expected = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      expect(Buffer.concat(chunks)).toEqual(expected);
      expect(writer.total).toBe(expected.length);
      expect(chunks.every((c) => c.length > 0 && c.length <= 16)).toBe(true);
      expect(chunks.slice(0, -1).every((c) => c.length === 16)).toBe(true);
    });

  it('stores nothing for an empty file', async () => {
    const { db, chunks } = chunkStore('postgres');
    const writer = new ChunkWriter(db, '1', 16);
    await writer.write('');
    await writer.flush();
    expect(chunks).toEqual([]);
    expect(writer.total).toBe(0);
  });
});
