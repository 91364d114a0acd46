import type { Db } from '../../core/db/db';

/** Consecutive failed signings that end the session. */
export const MAX_SIGNATURE_FAILURES = 3;

export interface SignatureState {
  signedOnce: boolean;
  failures: number;
}

export async function signatureState(db: Db, sessionId: number): Promise<SignatureState> {
  const rows = await db.query<{ signed_once: boolean; signature_failures: number }>(
    'select signed_once, signature_failures from sessions where id = $1',
    [sessionId],
  );
  return { signedOnce: rows[0]?.signed_once ?? false, failures: rows[0]?.signature_failures ?? 0 };
}

/** Counts a failed signing; answers the consecutive failures so far. */
export async function recordSignatureFailure(db: Db, sessionId: number): Promise<number> {
  const rows = await db.query<{ signature_failures: number }>(
    'update sessions set signature_failures = signature_failures + 1 where id = $1 returning signature_failures',
    [sessionId],
  );
  return rows[0]?.signature_failures ?? 0;
}

export async function recordSignatureSuccess(db: Db, sessionId: number): Promise<void> {
  await db.query('update sessions set signed_once = true, signature_failures = 0 where id = $1', [sessionId]);
}
