/**
 * Statements sent in a transaction without waiting (sendInTransaction; on PostgreSQL pipelined): they commit with the
 * transaction, a failed one rolls everything back and is the error reported, on PGlite and PostgreSQL alike.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../test/testDb';
import { sendInTransaction, type Db } from './db';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.cleanup());

const USER = 'user-pi.wang';
const INSERT = `insert into save_requests (user_id, idem_key, endpoint, fingerprint, response, at)
  values ($1, $2, 'test', 'f', null, now())`;

async function keysLike(prefix: string): Promise<string[]> {
  const rows = await t.db.query<{ idem_key: string }>(
    'select idem_key from save_requests where user_id = $1 and idem_key like $2 order by idem_key',
    [USER, `${prefix}%`],
  );
  return rows.map((r) => r.idem_key);
}

describe('statements sent without waiting', () => {
  it('commit with the transaction, in the order sent: the next statement sees them', async () => {
    const p = randomUUID();
    const seen = await t.db.transaction(async (tx) => {
      sendInTransaction(tx, INSERT, [USER, `${p}-1`]);
      sendInTransaction(tx, INSERT, [USER, `${p}-2`]);
      const rows = await tx.query<{ n: number }>(
        'select count(*)::int as n from save_requests where user_id = $1 and idem_key like $2',
        [USER, `${p}%`],
      );
      sendInTransaction(tx, INSERT, [USER, `${p}-3`]);
      return rows[0]!.n;
    });
    expect(seen).toBe(2);
    expect(await keysLike(p)).toEqual([`${p}-1`, `${p}-2`, `${p}-3`]);
  });

  it('one that fails rolls the whole transaction back, and its error is the one thrown', async () => {
    const p = randomUUID();
    const failed = t.db.transaction(async (tx) => {
      await tx.query(INSERT, [USER, `${p}-1`]);
      // the same key again: a primary key violation nobody awaits
      sendInTransaction(tx, INSERT, [USER, `${p}-1`]);
      sendInTransaction(tx, INSERT, [USER, `${p}-2`]);
      return 'answered';
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await keysLike(p)).toEqual([]);
  });

  it('a statement awaited after a failed one reports the failed one, not only "transaction aborted"', async () => {
    const p = randomUUID();
    await t.db.query(INSERT, [USER, `${p}-0`]);
    const failed = t.db.transaction(async (tx) => {
      sendInTransaction(tx, INSERT, [USER, `${p}-0`]);
      await tx.query(INSERT, [USER, `${p}-1`]);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await keysLike(p)).toEqual([`${p}-0`]);
  });

  it('a failure the caller catches still rolls the transaction back: the commit fails', async () => {
    const p = randomUUID();
    const failed = t.db.transaction(async (tx) => {
      await tx.query(INSERT, [USER, `${p}-1`]);
      await tx.query(INSERT, [USER, `${p}-1`]).catch(() => undefined);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await keysLike(p)).toEqual([]);
  });

  it('are refused outside a transaction (a failure there would be lost)', () => {
    expect(() => sendInTransaction(t.db, INSERT, [USER, randomUUID()])).toThrow(/not in a transaction/);
  });
});

describe('the end of a transaction', () => {
  it('a statement the driver refuses before sending it (a parameter it cannot send) fails the transaction: nothing committed', async () => {
    const p = randomUUID();
    // refused by either driver before anything is sent: pg serialises an object by JSON.stringify, PGlite by toString
    const unsendable = {
      toJSON(): never {
        throw new Error('not a parameter');
      },
      toString(): never {
        throw new Error('not a parameter');
      },
    };
    const failed = t.db.transaction(async (tx) => {
      await tx.query(INSERT, [USER, `${p}-1`]);
      sendInTransaction(tx, INSERT, [USER, unsendable]);
    });
    await expect(failed).rejects.toThrow(/not a parameter/);
    expect(await keysLike(p)).toEqual([]);
  });

  it("a transaction's handle sends nothing once the transaction has ended", async () => {
    let kept: Db | null = null;
    await t.db.transaction(async (tx) => {
      kept = tx;
      await tx.query('select 1');
    });
    expect(() => kept!.query('select 1')).toThrow(/has ended/);
  });
});
