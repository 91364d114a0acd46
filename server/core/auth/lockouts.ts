/**
 * Login lockout per account name (known or not, so that a lockout does not tell which names exist).
 *
 * An attempt is CLAIMED before its password is verified: one statement counts it and says whether it may be judged,
 * so that however many attempts arrive at once, on however many server instances, at most `maxFailures` of a round
 * are verified. The claim that reaches `maxFailures` also sets the lock (base × 2^level, capped): should that
 * attempt then succeed, the success clears it; should the server die meanwhile, the lock still expires. A lock that
 * has expired starts a new round; a quiet period (`resetAfterMs` without an attempt) forgets the doubling too.
 */
import { queryOne, type Db } from '../db/db';
import { recordSecurityEvent } from '../security/securityLog';

export interface LockoutPolicy {
  maxFailures: number;
  baseMs: number;
  maxMs: number;
  resetAfterMs: number;
}

export type AttemptClaim =
  | {
      judged: true;
      /** This attempt set the lock (the last one of its round): a failure leaves it. */ lastOfRound: boolean;
      lockedUntil: Date | null;
    }
  | { judged: false; lockedUntil: Date | null };

/** The key of an account name: trimmed, lower case (user names are matched without regard to case). */
export function accountKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 200);
}

// $1 account, $2 now, $3 max failures, $4 base ms, $5 max ms, $6 reset-after ms
const NOW = '$2::timestamptz';
/** The previous round is over: its lock expired, or nothing was tried for `resetAfterMs`. */
const NEW_ROUND = `(l.locked_until <= ${NOW} or l.last_attempt_at < ${NOW} - make_interval(secs => $6::float8 / 1000))`;
const LEVEL = `(case when l.last_attempt_at < ${NOW} - make_interval(secs => $6::float8 / 1000) then 0 else l.lock_level end)`;
const NEXT = `(case when ${NEW_ROUND} then 1 else least(l.attempts + 1, 1000000000) end)`;
const lockFor = (level: string) =>
  `${NOW} + make_interval(secs => least($4::float8 * power(2, ${level}), $5::float8) / 1000)`;

const CLAIM_SQL = `
  insert into login_lockouts as l (account, attempts, locked_until, lock_level, last_attempt_at)
  values ($1, 1, case when $3::int <= 1 then ${lockFor('0')} end, case when $3::int <= 1 then 1 else 0 end, ${NOW})
  on conflict (account) do update set
    attempts = ${NEXT},
    locked_until = case
      when ${NEXT} = $3::int then ${lockFor(LEVEL)}
      when ${NEW_ROUND} then null
      else l.locked_until end,
    lock_level = case when ${NEXT} = $3::int then ${LEVEL} + 1 else ${LEVEL} end,
    last_attempt_at = ${NOW}
  returning attempts, locked_until as "lockedUntil"`;

/** Counts an attempt and decides, in one statement, whether its password may be verified. */
export async function claimLoginAttempt(
  db: Db,
  account: string,
  now: Date,
  policy: LockoutPolicy,
): Promise<AttemptClaim> {
  const row = await queryOne<{ attempts: number; lockedUntil: Date | null }>(db, CLAIM_SQL, [
    account,
    now.toISOString(),
    policy.maxFailures,
    policy.baseMs,
    policy.maxMs,
    policy.resetAfterMs,
  ]);
  if (!row) throw new Error('login_lockouts: the claim returned no row');
  const lockedUntil = row.lockedUntil ? new Date(row.lockedUntil) : null;
  if (row.attempts > policy.maxFailures) return { judged: false, lockedUntil };
  return { judged: true, lastOfRound: row.attempts === policy.maxFailures, lockedUntil };
}

/** A successful login (or an administrator's unlock): the count, the lock and the doubling are forgotten. */
export async function clearLockout(db: Db, account: string): Promise<boolean> {
  const rows = await db.query<{ account: string }>(
    'delete from login_lockouts where account = $1 returning account',
    [account],
  );
  return rows.length > 0;
}

export interface LockoutState {
  account: string;
  attempts: number;
  lockedUntil: Date | null;
  lockLevel: number;
}

export function lockoutState(db: Db, account: string): Promise<LockoutState | null> {
  return queryOne<LockoutState>(
    db,
    `select account, attempts, locked_until as "lockedUntil", lock_level as "lockLevel"
     from login_lockouts where account = $1`,
    [account],
  );
}

/**
 * An administrator's unlock (`npm run seed -- --unlock <user name>`, docs/security.md): forgets the account's count,
 * lock and doubling, and writes it to the security log with who unlocked. Answers whether there was anything to
 * forget.
 */
export async function unlockAccount(db: Db, username: string, now: Date, by: string): Promise<boolean> {
  const account = accountKey(username);
  const cleared = await clearLockout(db, account);
  await recordSecurityEvent(db, { at: now, event: 'login.unlocked', account, detail: { by, cleared } });
  return cleared;
}
