/**
 * Outcomes of saves by idempotency key (per user): a retry of a save answers the first outcome and writes nothing.
 * Call inside the save's transaction: `claimSaveRequest` as its FIRST statement — it also names the app user for the
 * database's audit triggers, so a write before it would be imaged without the user (auditEverywhere.test.ts) — and
 * `finishSaveRequest` with the outcome at the end. On PostgreSQL a concurrent duplicate waits in the claim for the
 * first transaction and then finds its outcome.
 */
import { queryOne, sendInTransaction, type Db } from '../../core/db/db';

export type SaveClaim =
  { kind: 'claimed' } | { kind: 'done'; endpoint: string; fingerprint: string; response: unknown };

export async function claimSaveRequest(
  db: Db,
  q: { userId: string; key: string; endpoint: string; fingerprint: string; at: Date },
): Promise<SaveClaim> {
  // one statement: names the app user for the database's own row images of this transaction (clinical_audit,
  // migration 0006: `set_config('edc.user_id', …, true)`, local to the transaction) and claims the key. The setting
  // is evaluated first (the inserted row is selected from it), so every row this transaction writes, the claim
  // included, is imaged under the user.
  const inserted = await db.query(
    `insert into save_requests (user_id, idem_key, endpoint, fingerprint, response, at)
     select $1::text, $2::text, $3::text, $4::text, null::jsonb, $5::timestamptz from (select set_config('edc.user_id', $1::text, true)) as audit_user
     on conflict (user_id, idem_key) do nothing returning idem_key`,
    [q.userId, q.key, q.endpoint, q.fingerprint, q.at.toISOString()],
  );
  if (inserted.length === 1) return { kind: 'claimed' };
  const row = await queryOne<{ endpoint: string; fingerprint: string; response: unknown }>(
    db,
    'select endpoint, fingerprint, response from save_requests where user_id = $1 and idem_key = $2',
    [q.userId, q.key],
  );
  if (!row) throw new Error('save request vanished between insert and select');
  return { kind: 'done', endpoint: row.endpoint, fingerprint: row.fingerprint, response: row.response };
}

export async function finishSaveRequest(
  db: Db,
  q: { userId: string; key: string; response: unknown },
): Promise<void> {
  // sent without waiting: it goes out with the commit, which fails if it did
  sendInTransaction(
    db,
    'update save_requests set response = $3::jsonb where user_id = $1 and idem_key = $2',
    [q.userId, q.key, JSON.stringify(q.response)],
  );
}
