/**
 * Row locks taken once per transaction. A save passes through several steps that each need the subject locked (the
 * route before its checks, the record writer, a beforeSave guard reading for itself): each asks `lockOnce`, and only
 * the first sends the `select … for update`; the others know that the transaction already holds the lock.
 *
 * Why that is sound: a row lock is held until the transaction ends (this code base takes no savepoints, so no partial
 * rollback can release it earlier), and each transaction has a handle of its own (`tx`, Db.inTransaction; nested
 * transaction calls join the outer one with the same handle), which is never used again once the transaction ends.
 * The locks held are therefore remembered per transaction handle, in a WeakMap that forgets the handle with it.
 * Outside a transaction (or through a wrapper that does not say it is in one) nothing is remembered: every call locks.
 */
import type { Db } from './db';

const held = new WeakMap<Db, Set<string>>();

/** Records that this transaction has just locked the row `key` with a statement of its own (one that also reads it). */
export function noteLocked(tx: Db, key: string): void {
  if (!tx.inTransaction) return;
  const keys = held.get(tx) ?? new Set<string>();
  keys.add(key);
  held.set(tx, keys);
}

/** Whether this transaction has locked the row `key` (always false outside a transaction: nothing is remembered). */
export function isLocked(tx: Db, key: string): boolean {
  return tx.inTransaction === true && (held.get(tx)?.has(key) ?? false);
}

/**
 * Runs `lock` (a `select … for update` of the row named by `key`, e.g. `subjects:42`) unless this transaction already
 * did. Resolves to true when it locked now, false when the lock was already held.
 */
export async function lockOnce(tx: Db, key: string, lock: () => Promise<unknown>): Promise<boolean> {
  if (!tx.inTransaction) {
    await lock();
    return true;
  }
  let keys = held.get(tx);
  if (keys?.has(key)) return false;
  await lock();
  if (!keys) {
    keys = new Set();
    held.set(tx, keys);
  }
  keys.add(key);
  return true;
}
